/**
 * POST /csp-reports (design.md §9): where browsers report what the site's Content-Security-Policy blocked. Public,
 * always an empty 204 for a report, each violation counted as CspViolations by directive; nothing stored, and no URL
 * written with its query string or fragment (a reset link's token travels there).
 */
import { CSP_REPORT_MAX_BYTES, CSP_REPORT_MESSAGES } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { handler as recordCspReport } from "../src/handlers/http/record-csp-report.js";
import { createCspReports } from "../src/modules/csp-reports/index.js";
import { call, gatewayEvent } from "./support/events.js";
import { recordingMetrics } from "./support/metrics.js";
import { logLines, metricLines, outputOf } from "./support/output.js";

const TOKEN = "Zk9x2v-reset-token-never-logged";
const PAGE = `https://pay.example.co.ke/reset-password?token=${TOKEN}#token=${TOKEN}`;

const legacyReport = (violation: Record<string, string>) => ({
  "csp-report": {
    "document-uri": PAGE,
    "blocked-uri": `https://cdn.example.com/tracker.png?session=${TOKEN}`,
    "effective-directive": "img-src",
    "violated-directive": "img-src 'self' data: blob:",
    disposition: "enforce",
    "original-policy": "default-src 'self'",
    ...violation,
  },
});

const post = (body: string, contentType: string) =>
  call(recordCspReport, gatewayEvent("record-csp-report", { rawBody: body, headers: { "content-type": contentType } }));

describe("POST /csp-reports", () => {
  it("answers an older browser's application/csp-report with an empty 204 and counts it under its directive", async () => {
    const output = await outputOf(async () => {
      const result = await recordCspReport(
        gatewayEvent("record-csp-report", {
          rawBody: JSON.stringify(legacyReport({})),
          headers: { "content-type": "application/csp-report" },
        }),
        { awsRequestId: "test", functionName: "test" } as never,
      );
      expect(result.statusCode).toBe(204);
      expect(result.body).toBeUndefined();
    });
    const counted = metricLines(output).filter((line) => line.CspViolations === 1);
    expect(counted.map((line) => line.reason)).toContain("img-src");
    const [line] = logLines(output, "WARN").filter((l) => l.message === "Content-Security-Policy violation reported");
    expect(line).toMatchObject({
      directive: "img-src",
      blocked: "https://cdn.example.com",
      page: "/reset-password",
      disposition: "enforce",
    });
  });

  it("writes no URL's query string or fragment anywhere: the reset token in a reported page never reaches a log", async () => {
    const output = await outputOf(async () => {
      await post(JSON.stringify(legacyReport({})), "application/csp-report");
      await post(
        JSON.stringify([
          {
            type: "csp-violation",
            url: PAGE,
            body: { documentURL: PAGE, blockedURL: `${PAGE}&x=1`, effectiveDirective: "script-src-elem" },
          },
        ]),
        "application/reports+json",
      );
    });
    const reported = logLines(output, "WARN").filter((l) => l.message === "Content-Security-Policy violation reported");
    expect(reported).toHaveLength(2);
    expect(JSON.stringify(output)).not.toContain(TOKEN);
  });

  it("counts every csp-violation of a Reporting API batch and skips its other report types", async () => {
    const metrics = recordingMetrics();
    const reports = createCspReports({ metrics, log: () => {} });
    const batch = [
      {
        type: "csp-violation",
        body: { documentURL: PAGE, blockedURL: "inline", effectiveDirective: "script-src-elem" },
      },
      { type: "deprecation", body: { id: "x" } },
      { type: "csp-violation", body: { documentURL: PAGE, blockedURL: "data", effectiveDirective: "img-src" } },
    ];
    expect(reports.record("application/reports+json", Buffer.from(JSON.stringify(batch)))).toBe(2);
    expect(metrics.reasons("CspViolations").sort()).toEqual(["img-src", "script-src-elem"]);
  });

  it("counts a directive it does not know as `other`, so a sender cannot make up metric series", () => {
    const metrics = recordingMetrics();
    const reports = createCspReports({ metrics, log: () => {} });
    const report = legacyReport({ "effective-directive": "made-up-directive-42" });
    reports.record("application/csp-report; charset=utf-8", Buffer.from(JSON.stringify(report)));
    expect(metrics.reasons("CspViolations")).toEqual(["other"]);
  });

  it("takes the directive from violated-directive when a browser sends no effective-directive", () => {
    const metrics = recordingMetrics();
    const reports = createCspReports({ metrics, log: () => {} });
    const report = legacyReport({ "violated-directive": "connect-src 'self'" });
    delete (report["csp-report"] as Record<string, string>)["effective-directive"];
    reports.record("application/csp-report", Buffer.from(JSON.stringify(report)));
    expect(metrics.reasons("CspViolations")).toEqual(["connect-src"]);
  });

  it.each([
    ["application/json", JSON.stringify(legacyReport({})), CSP_REPORT_MESSAGES.contentType],
    ["text/plain", "hello", CSP_REPORT_MESSAGES.contentType],
    ["application/csp-report", "{not json", CSP_REPORT_MESSAGES.notAReport],
    ["application/csp-report", JSON.stringify({ hello: "world" }), CSP_REPORT_MESSAGES.notAReport],
    ["application/reports+json", JSON.stringify({ type: "csp-violation" }), CSP_REPORT_MESSAGES.notAReport],
  ])("answers 400 with a clear message to %s that is not a report, counting nothing", async (type, body, message) => {
    const output = await outputOf(async () => {
      const { statusCode, body: answer } = await post(body, type);
      expect(statusCode).toBe(400);
      expect(answer).toEqual({ message });
    });
    expect(metricLines(output).filter((line) => "CspViolations" in line)).toEqual([]);
  });

  it(`refuses a body above ${CSP_REPORT_MAX_BYTES} bytes with 413, unread`, async () => {
    const large = JSON.stringify(legacyReport({ "original-policy": "x".repeat(CSP_REPORT_MAX_BYTES) }));
    const { statusCode } = await post(large, "application/csp-report");
    expect(statusCode).toBe(413);
  });
});
