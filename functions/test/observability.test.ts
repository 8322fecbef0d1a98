/**
 * What an on-call engineer reads (design.md §10): one JSON line per log event with the request id as correlation id,
 * the route, the caller once known and the cold-start flag; phone numbers masked; never a token, password or the
 * callback path's secret. And `npm start` shows the same lines readably.
 */
import { randomBytes } from "node:crypto";
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { callbackPathToken } from "../src/adapters/daraja/callback-tokens.js";
import { handler as getCurrentUser } from "../src/handlers/http/get-current-user.js";
import { handler as login } from "../src/handlers/http/login-user.js";
import { handler as receiveCallback } from "../src/handlers/http/receive-daraja-callback.js";
import { log, maskPhone } from "../src/kernel/log.js";
import { localLambdaContext } from "../src/local/lambda-context.js";
import { prettyLine } from "../src/local/pretty-log.js";
import { gatewayEvent } from "./support/events.js";
import { logLines, outputOf } from "./support/output.js";
import { registerUser } from "./support/users.js";

const CALLBACK_TOKEN = randomBytes(16).toString("hex");
// Read when the first line is logged and when the callback route first runs, after this.
Object.assign(process.env, { LOG_LEVEL: "INFO", MPESA_CALLBACK_TOKEN: CALLBACK_TOKEN });

describe("log lines", () => {
  it("masks phone numbers (a CheckoutRequestID's nine too) and drops anything named like a secret, at any depth", async () => {
    const output = await outputOf(async () => {
      log("warn", "M-Pesa deposit from 254708374149 refused", {
        phoneNumber: 254712345678,
        password: "Mvua-Nyingi-42",
        nested: { authorization: "Bearer abc", callbackToken: "abc", note: "call 0712345678" },
        url: `https://api.example.co.ke/api/hooks/daraja/stk/${CALLBACK_TOKEN}`,
        checkoutRequestId: "ws_CO_01032025143006512708374149",
        stkItem: { Name: "PhoneNumber", Value: 254708374149 },
      });
    });
    const [line] = logLines(output, "WARN");
    expect(line).toMatchObject({
      message: "M-Pesa deposit from 2547****4149 refused",
      phoneNumber: "2547****5678",
      password: "[redacted]",
      nested: { authorization: "[redacted]", callbackToken: "[redacted]", note: "call 07****5678" },
      url: "https://api.example.co.ke/api/hooks/daraja/stk/[redacted]",
      checkoutRequestId: "ws_CO_01032025143006512*****4149",
      stkItem: { Name: "PhoneNumber", Value: "2547****4149" },
      service: "jengafund",
    });
    expect(JSON.stringify(output)).not.toContain(CALLBACK_TOKEN);
  });

  it("never writes an identity's ID number, KRA PIN or date of birth (design.md §13.5)", async () => {
    const output = await outputOf(async () => {
      log("warn", "Verification of A123456789Z refused", {
        idNumber: "23456789",
        kraPin: "A123456789Z",
        details: { dateOfBirth: "1990-04-12", note: "PIN P987654321Q given" },
      });
    });
    const [line] = logLines(output, "WARN");
    expect(line).toMatchObject({
      message: "Verification of [KRA PIN] refused",
      idNumber: "[redacted]",
      kraPin: "[redacted]",
      details: { dateOfBirth: "[redacted]", note: "PIN [KRA PIN] given" },
    });
    expect(JSON.stringify(output)).not.toMatch(/23456789|A123456789Z|P987654321Q|1990-04-12/);
  });

  it("masks every usual form of a Kenyan mobile number", () => {
    expect(maskPhone("254708374149")).toBe("2547****4149");
    expect(maskPhone("+254708374149")).toBe("+2547****4149");
    expect(maskPhone("0708374149")).toBe("07****4149");
    expect(maskPhone("0110374149")).toBe("01****4149");
    expect(maskPhone("70 837 4149")).toBe("****4149");
  });
});

describe("a request's lines", () => {
  it("carry the request id as correlation id, the route, the cold-start flag and, once verified, the caller", async () => {
    const { input, user } = await registerUser();
    const signIn = gatewayEvent("login-user", { body: { email: input.email, password: input.password } });
    let token = "";
    let me: APIGatewayProxyEventV2 | undefined;
    const output = await outputOf(async () => {
      const response = await login(signIn, localLambdaContext("login-user", { timeoutMs: 10_000 }));
      token = JSON.parse(response.body ?? "{}").token;
      me = gatewayEvent("get-current-user", { token });
      await getCurrentUser(me, localLambdaContext("get-current-user", { timeoutMs: 10_000 }));
    });
    const handled = logLines(output, "INFO").filter((line) => line.message === "Request handled");
    expect(handled).toContainEqual(
      expect.objectContaining({
        correlation_id: signIn.requestContext.requestId,
        route: "POST /api/auth/login",
        function_name: "login-user",
        cold_start: true,
        statusCode: 200,
        durationMs: expect.any(Number),
      }),
    );
    expect(handled).toContainEqual(
      expect.objectContaining({
        correlation_id: me?.requestContext.requestId,
        route: "GET /api/auth/me",
        userId: user._id,
        statusCode: 200,
      }),
    );
    const written = JSON.stringify(output);
    expect(written).not.toContain(input.password);
    expect(written).not.toContain(token);
  });

  it("name the callback route by its key, never by its path with the token", async () => {
    // The STK kind's own token (design.md §13.3), so the request passes the door and is refused for its shape.
    const stkToken = callbackPathToken(CALLBACK_TOKEN, "stk");
    const event = gatewayEvent("receive-daraja-callback", {
      pathParameters: { kind: "stk", token: stkToken },
      body: { unexpected: true },
      sourceIp: "127.0.0.1",
    });
    const output = await outputOf(async () => {
      await receiveCallback(event, localLambdaContext("receive-daraja-callback", { timeoutMs: 10_000 }));
    });
    expect(logLines(output)).toContainEqual(
      expect.objectContaining({ route: "POST /api/hooks/daraja/{kind}/{token}", statusCode: 400 }),
    );
    expect(JSON.stringify(output)).not.toContain(CALLBACK_TOKEN);
    expect(JSON.stringify(output)).not.toContain(stkToken);
  });
});

describe("npm start's readable lines", () => {
  it("shows a log line as time, level, message and its keys", () => {
    const line = JSON.stringify({
      level: "WARN",
      message: "Daraja callback refused",
      timestamp: "2026-11-20T09:15:42.123Z",
      service: "jengafund",
      sampling_rate: 0,
      cold_start: false,
      function_name: "receive-daraja-callback",
      correlation_id: "5f0c1d2e-aaaa-bbbb-cccc-000000000000",
      route: "POST /api/hooks/daraja/{kind}/{token}",
      rejection: "shape",
      sourceIp: "127.0.0.1",
    });
    const pretty = prettyLine(line) ?? "";
    expect(pretty).toMatch(
      /^\d\d:\d\d:\d\d WARN {3}Daraja callback refused POST \/api\/hooks\/daraja\/\{kind\}\/\{token\} rejection=shape sourceIp=127\.0\.0\.1 \[5f0c1d2e\]$/,
    );
  });

  it("shows a metrics line as its counts and any reason", () => {
    const line = JSON.stringify({
      _aws: {
        Timestamp: Date.parse("2026-11-20T09:15:42.123Z"),
        CloudWatchMetrics: [
          {
            Namespace: "JengaFund",
            Dimensions: [["service", "stage", "reason"]],
            Metrics: [{ Name: "CallbacksRejected", Unit: "Count" }],
          },
        ],
      },
      service: "jengafund",
      stage: "local",
      reason: "amount-mismatch",
      CallbacksRejected: 1,
    });
    expect(prettyLine(line)).toMatch(/^\d\d:\d\d:\d\d METRIC CallbacksRejected=1 \(reason=amount-mismatch\)$/);
  });

  it("leaves anything else as it came", () => {
    expect(prettyLine("  DynamoDB Local ready")).toBeNull();
    expect(prettyLine('{"not":"ours"}')).toBeNull();
  });
});
