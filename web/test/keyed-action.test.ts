import { describe, expect, it } from "vitest";
import { keyedAction } from "../src/lib/keyed-action";

/** A send that records the key of every call and fails the calls it is told to. */
function recorder(failing: Set<number>) {
  const keys: string[] = [];
  const send = keyedAction(async (key: string, amount: number) => {
    keys.push(key);
    if (failing.has(keys.length)) throw new Error("network");
    return amount;
  });
  return { keys, send };
}

describe("keyedAction: one Idempotency-Key per user action", () => {
  it("sends a retry of the same action with the same key, so the server does it once", async () => {
    const { keys, send } = recorder(new Set([1]));
    await expect(send(500)).rejects.toThrow("network");
    await send(500);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("gives the next action a fresh key once one has succeeded", async () => {
    const { keys, send } = recorder(new Set());
    await send(500);
    await send(500);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("treats other arguments as another action", async () => {
    const { keys, send } = recorder(new Set([1]));
    await expect(send(500)).rejects.toThrow("network");
    await send(600);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys.every((key) => /^[A-Za-z0-9_-]{1,100}$/.test(key))).toBe(true);
  });
});
