/**
 * `npm run smoke` is what a deploy runs against staging; here its very steps run against the local stack, payments
 * included (the simulator pays 254708374149), so the check itself cannot rot.
 */
import { describe, expect, inject, it } from "vitest";
import { runSmoke, SmokeFailure } from "../../scripts/smoke-check.js";

describe("the smoke check", () => {
  it("passes against the local stack, deposit included", async () => {
    const lines: string[] = [];
    const steps = await runSmoke({
      url: inject("apiUrl"),
      withPayments: true,
      phone: "254708374149",
      depositTimeoutMs: 20_000,
      log: (line) => lines.push(line),
    });
    expect(steps.map((step) => step.name)).toEqual([
      "register",
      "login",
      "me",
      "packages",
      "refuses a missing session",
      "deposit: STK push",
      "deposit: credited",
    ]);
    expect(lines.every((line) => line.startsWith("ok  "))).toBe(true);
  });

  it("fails, naming the step, when the API is not there", async () => {
    const run = runSmoke({
      url: `${inject("apiUrl")}/nowhere`,
      withPayments: false,
      phone: "254708374149",
      depositTimeoutMs: 1000,
      log: () => {},
    });
    await expect(run).rejects.toThrow(SmokeFailure);
    await expect(run).rejects.toThrow(/POST \/auth\/register: expected 201, got 404/);
  });
});
