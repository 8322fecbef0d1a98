/**
 * Account recovery mail, security notices and two-factor sign-in in AWS (design.md §11, §12.2): only the functions
 * that send mail (the routes flagged `mail`, and the outbox's senders) may send it, through SES, as the sender
 * named by `-c sesSender`; every session-checking function gets REQUIRE_ADMIN_2FA.
 */
import { routes, sendsMail } from "@jengafund/shared";
import type { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it } from "vitest";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { apiTemplates } from "./api-templates.js";
import { PROD_CONTEXT, skipBundling } from "./contexts.js";

/** An empty directory: these tests are about the API stack, not the site upload. */
const noSite = "/nonexistent/jengafund-web-dist";

type Resource = { Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown };

function synthApi(context: Record<string, unknown> = {}): Template {
  const stacks = createJengaFundApp({ context: { ...skipBundling, ...context }, siteDirectory: noSite });
  return apiTemplates(stacks.api).all;
}

/** Each route's function, by the description the API stack gives it (`POST /api/auth/forgot-password`). */
function routeFunctions(template: Template): Map<string, Resource> {
  const functions = Object.values(template.findResources("AWS::Lambda::Function")) as Resource[];
  return new Map(
    routes.map((route) => [
      route.handler,
      functions.find((fn) => fn.Properties.Description === `${route.method} /api${route.path}`) as Resource,
    ]),
  );
}

const environmentOf = (fn: Resource | undefined) =>
  (fn?.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};

/** The role (logical id) of every inline policy statement that allows an SES action, with the statement. */
function sesStatements(template: Template): { roles: string; statement: Statement }[] {
  return Object.values(template.findResources("AWS::IAM::Policy")).flatMap((policy) =>
    (policy.Properties.PolicyDocument.Statement as Statement[])
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith("ses:")))
      .map((statement) => ({ roles: JSON.stringify(policy.Properties.Roles), statement })),
  );
}

const roleOf = (fn: Resource | undefined) =>
  (fn?.Properties.Role as { "Fn::GetAtt": [string, string] } | undefined)?.["Fn::GetAtt"][0];

/** The event functions, by the description the API stack gives each. */
function eventFunction(template: Template, description: string): Resource | undefined {
  return (Object.values(template.findResources("AWS::Lambda::Function")) as Resource[]).find(
    (fn) => fn.Properties.Description === description,
  );
}

const MAILING_ROUTES: string[] = routes.filter(sendsMail).map((route) => route.handler);

describe("mail through SES: the reset link and the security notices", () => {
  it("flags the routes that mail: the reset link, and every route that tells an owner of a security event", () => {
    expect([...MAILING_ROUTES].sort()).toEqual(
      [
        "reset-password",
        "login-user",
        "enable-two-factor",
        "disable-two-factor",
        "regenerate-recovery-codes",
        // A withdrawal requested or decided reports through the outbox (notifications/), not from its route.
      ].sort(),
    );
  });

  it("lets the mailing functions alone send mail, as the sesSender address or its domain", () => {
    const template = synthApi({ sesSender: "no-reply@jengafund.co.ke", webOrigin: "https://app.jengafund.co.ke" });
    const functions = routeFunctions(template);
    const mailing = [
      ...MAILING_ROUTES.map((handler) => functions.get(handler)),
      // The money alerts: the stream's sender, and the outbox sweep of what the sender has not sent.
      eventFunction(template, "Sends money alerts (SMS and e-mail) for new outbox items from the table's stream"),
      eventFunction(template, "Sends the money alerts (SMS and e-mail) still open in the outbox"),
      // The monthly statements, as attachments.
      eventFunction(template, "Mails each account with activity last month its statement (PDF)"),
    ];

    const statements = sesStatements(template);
    expect(statements).toHaveLength(mailing.length);
    expect(statements.map((s) => JSON.parse(s.roles)[0].Ref).sort()).toEqual(mailing.map(roleOf).sort());
    for (const { statement } of statements) {
      expect(statement.Action).toBe("ses:SendEmail");
      const resources = JSON.stringify(statement.Resource);
      expect(resources).toContain(":identity/no-reply@jengafund.co.ke");
      expect(resources).toContain(":identity/jengafund.co.ke");
      expect(resources).not.toContain("*");
    }

    for (const fn of mailing) {
      expect(environmentOf(fn)).toMatchObject({
        MAILER: "ses",
        MAIL_FROM: "JengaFund <no-reply@jengafund.co.ke>",
        WEB_ORIGIN: "https://app.jengafund.co.ke",
      });
    }
    // Settling a callback mails nothing: its alerts go through the outbox, so it has neither the settings nor the grant.
    expect(
      environmentOf(eventFunction(template, "Applies M-Pesa callbacks from the payments bus")).MAILER,
    ).toBeUndefined();
    for (const [handler, fn] of functions) {
      const mailer = MAILING_ROUTES.includes(handler) ? "ses" : undefined;
      expect([handler, environmentOf(fn).MAILER]).toEqual([handler, mailer]);
    }
    // The payment routes keep their Daraja settings beside the mail settings.
    expect(environmentOf(functions.get("process-withdrawal"))).toHaveProperty("MPESA_BASE_URL");
    // The reconciliation jobs keep theirs, and mail nothing.
    for (const description of [
      "Asks Daraja about STK deposits still pending (STK query)",
      "Asks Daraja about approved payouts without a result (Transaction Status)",
      "Pulls the last hour of Paybill payments from Daraja and settles the unconfirmed ones",
      "Confirms held Paybill payments with M-Pesa's record and counts stale unmatched ones",
    ]) {
      const job = eventFunction(template, description);
      expect(environmentOf(job), description).toHaveProperty("MPESA_BASE_URL");
      expect(environmentOf(job).MAILER, description).toBeUndefined();
    }
  });

  it("grants no SES action at all without a sender, and takes the link's origin from the site's domain", () => {
    const template = synthApi({
      domainName: "app.jengafund.co.ke",
      certificateArn: "arn:aws:acm:us-east-1:123456789012:certificate/abc",
    });
    expect(sesStatements(template)).toEqual([]);
    expect(environmentOf(routeFunctions(template).get("reset-password"))).toMatchObject({
      WEB_ORIGIN: "https://app.jengafund.co.ke",
    });
  });

  it("refuses a prod synth without a sender or the site's https origin", () => {
    const { sesSender: _, webOrigin: __, ...withoutMail } = PROD_CONTEXT;
    expect(() => synthApi(withoutMail)).toThrow(/sesSender is missing[\s\S]*webOrigin is missing/);
    expect(() => synthApi({ ...PROD_CONTEXT, webOrigin: "http://pay.example.co.ke" })).toThrow(
      /webOrigin must be an https:\/\/ address/,
    );
    expect(() => synthApi({ webOrigin: "https://app.example.co.ke/reset" })).toThrow(/webOrigin must be an origin/);
  });
});

describe("REQUIRE_ADMIN_2FA", () => {
  it("is on for every function that checks sessions by default, and off Daraja's doors and the CSP reports (no session there)", () => {
    const sessionless = ["receive-daraja-callback", "validate-paybill-payment", "record-csp-report"];
    for (const [handler, fn] of routeFunctions(synthApi())) {
      const expected = sessionless.includes(handler) ? undefined : "true";
      expect([handler, environmentOf(fn).REQUIRE_ADMIN_2FA]).toEqual([handler, expected]);
    }
  });

  it("can be turned off with -c requireAdmin2fa=false, and refuses anything but true or false", () => {
    const functions = routeFunctions(synthApi({ requireAdmin2fa: "false" }));
    expect(environmentOf(functions.get("get-admin-stats")).REQUIRE_ADMIN_2FA).toBe("false");
    expect(() => synthApi({ requireAdmin2fa: "yes" })).toThrow(/requireAdmin2fa must be true or false/);
  });
});
