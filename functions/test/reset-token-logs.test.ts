/**
 * The reset link's token reaches no log (design.md §11): the link carries it after `#`, which no server receives, and
 * the reset request, which carries it in its body, writes it nowhere, whatever the outcome.
 */
import { describe, expect, it } from "vitest";
import { handler as resetPassword } from "../src/handlers/http/reset-password.js";
import { call, gatewayEvent } from "./support/events.js";
import { api, useLocalApi } from "./support/local-api.js";
import { resetLinkOf, waitForMailsTo } from "./support/mail.js";
import { logLines, outputOf } from "./support/output.js";
import { registerUser } from "./support/users.js";

// Every line, the one per request included: read when the first line is logged, after this.
process.env.LOG_LEVEL = "INFO";

// The link's email leaves from the outbox, as deployed.
useLocalApi();

const askForLink = (email: string) => api("POST", "/auth/forgot-password", { body: { email } });

const reset = (token: string, password: string) =>
  call(resetPassword, gatewayEvent("reset-password", { body: { token, password } }));

describe("the reset token in logs", () => {
  it("is mailed after # in the link, so the page's address sends it to no server", async () => {
    const { input } = await registerUser();
    await askForLink(input.email);
    const [mail] = await waitForMailsTo(input.email, 1);
    if (!mail) throw new Error("no mail");
    const { url, token } = resetLinkOf(mail);
    expect(url.search).toBe("");
    expect(url.hash).toBe(`#token=${token}`);
  });

  it("is written in no line while a reset is refused, fails on its link, succeeds, and is tried again", async () => {
    const { input } = await registerUser();
    await askForLink(input.email);
    const [mail] = await waitForMailsTo(input.email, 1);
    if (!mail) throw new Error("no mail");
    const { token } = resetLinkOf(mail);

    const output = await outputOf(async () => {
      expect((await reset(token, "short")).statusCode).toBe(400);
      expect((await reset(`${token}x`, "NewSecret1!")).statusCode).toBe(400);
      expect((await reset(token, "NewSecret1!")).statusCode).toBe(200);
      expect((await reset(token, "Another2!")).statusCode).toBe(400);
    });
    // The requests were logged (one line each at least), and none of the lines holds the token.
    expect(logLines(output).length).toBeGreaterThanOrEqual(4);
    expect(JSON.stringify(output)).not.toContain(token);
  });
});
