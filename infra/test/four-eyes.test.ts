/**
 * Four eyes on admin money in AWS (design.md §12.1): the solo limits reach the one function that applies them, admin
 * credits made alone are watched by an alarm on exactly the series the functions emit, and a prod synth refuses to
 * let admins move money without a second factor.
 */
import { routes } from "@jengafund/shared";
import type { Template } from "aws-cdk-lib/assertions";
import { describe, expect, it, vi } from "vitest";
import { metrics } from "../../functions/src/kernel/metrics.js";
import { ADJUSTING_ROUTE, UNMATCHED_RESOLVING_ROUTE } from "../lib/api-stack.js";
import { createJengaFundApp } from "../lib/jengafund-app.js";
import { apiTemplates } from "./api-templates.js";
import { PROD_CONTEXT, skipBundling } from "./contexts.js";

const noSite = "/nonexistent/jengafund-web-dist";

type Resource = { Properties: Record<string, unknown> };
type AlarmProperties = {
  Namespace: string;
  MetricName: string;
  Dimensions: { Name: string; Value: string }[];
  Statistic: string;
  Period: number;
  Threshold: number;
  AlarmDescription: string;
};

function synthApi(context: Record<string, unknown> = {}): Template {
  const stacks = createJengaFundApp({ context: { ...skipBundling, ...context }, siteDirectory: noSite });
  return apiTemplates(stacks.api).all;
}

function alarmNamed(template: Template, name: string): AlarmProperties {
  const found = Object.values(template.findResources("AWS::CloudWatch::Alarm")).filter(
    (alarm) => (alarm as Resource).Properties.AlarmName === name,
  ) as Resource[];
  expect(found).toHaveLength(1);
  return found[0]?.Properties as unknown as AlarmProperties;
}

const environmentOf = (template: Template, handler: string) => {
  const route = routes.find((r) => r.handler === handler);
  const fn = (Object.values(template.findResources("AWS::Lambda::Function")) as Resource[]).find(
    (candidate) => candidate.Properties.Description === `${route?.method} /api${route?.path}`,
  );
  if (!fn) throw new Error(`no function for ${handler}`);
  return (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
};

/** The EMF lines the functions write for one solo credit of KES 1,500. */
function emittedSoloCredit(): { dimensions: string[]; values: Record<string, unknown> }[] {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  const log = vi.spyOn(console, "log").mockImplementation((line) => {
    lines.push(String(line));
  });
  try {
    metrics.adjusted({ direction: "credit", approval: "solo", kes: 1500 });
  } finally {
    write.mockRestore();
    log.mockRestore();
  }
  return lines
    .flatMap((text) => text.split("\n"))
    .filter((text) => text.includes('"_aws"'))
    .map((text) => {
      const parsed = JSON.parse(text) as Record<string, unknown> & {
        _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] };
      };
      return { dimensions: parsed._aws.CloudWatchMetrics[0]?.Dimensions[0] ?? [], values: parsed };
    });
}

describe("the solo limits in AWS", () => {
  it("reach the balance adjustment function alone, from context or the shared defaults", () => {
    const dev = synthApi();
    expect(environmentOf(dev, ADJUSTING_ROUTE)).toMatchObject({
      ADJUSTMENT_SOLO_MAX_KES: "10000",
      ADJUSTMENT_SOLO_DAILY_MAX_KES: "100000",
    });
    // Crediting an unmatched Paybill payment is held to the same limits.
    expect(environmentOf(dev, UNMATCHED_RESOLVING_ROUTE)).toMatchObject({
      ADJUSTMENT_SOLO_MAX_KES: "10000",
      ADJUSTMENT_SOLO_DAILY_MAX_KES: "100000",
    });
    for (const route of routes.filter(
      (r) => r.handler !== ADJUSTING_ROUTE && r.handler !== UNMATCHED_RESOLVING_ROUTE,
    )) {
      expect(environmentOf(dev, route.handler), route.handler).not.toHaveProperty("ADJUSTMENT_SOLO_MAX_KES");
    }
    const tighter = synthApi({ adjustmentSoloMaxKes: 2000, adjustmentSoloDailyMaxKes: 20000 });
    expect(environmentOf(tighter, ADJUSTING_ROUTE)).toMatchObject({
      ADJUSTMENT_SOLO_MAX_KES: "2000",
      ADJUSTMENT_SOLO_DAILY_MAX_KES: "20000",
    });
  });
});

describe("the SoloCredits alarm", () => {
  const prod = synthApi(PROD_CONTEXT);

  it("sums an hour of KES credited by one admin alone, from KES 50,000, and says where the runbook is", () => {
    const alarm = alarmNamed(prod, "JengaFund-Prod-SoloCredits");
    expect(alarm).toMatchObject({
      Namespace: "JengaFund",
      MetricName: "BalanceAdjustedKes",
      Statistic: "Sum",
      Period: 3600,
      Threshold: 50_000,
    });
    expect(alarm.Dimensions).toEqual(
      expect.arrayContaining([
        { Name: "service", Value: "jengafund" },
        { Name: "stage", Value: "prod" },
        { Name: "direction", Value: "credit" },
        { Name: "approval", Value: "solo" },
      ]),
    );
    expect(alarm.Dimensions).toHaveLength(4);
    expect(alarm.AlarmDescription).toContain("docs/runbook.md#solo-credits");
  });

  it("watches the very series the functions emit for a solo credit", () => {
    const alarm = alarmNamed(prod, "JengaFund-Prod-SoloCredits");
    process.env.STAGE = "prod";
    const emitted = emittedSoloCredit().find((line) => line.values.BalanceAdjustedKes !== undefined);
    delete process.env.STAGE;
    expect(emitted?.values.BalanceAdjustedKes).toBe(1500);
    expect(emitted?.dimensions.sort()).toEqual(alarm.Dimensions.map((d) => d.Name).sort());
    for (const { Name, Value } of alarm.Dimensions) expect(emitted?.values[Name], Name).toBe(Value);
  });

  it("takes its threshold from context", () => {
    expect(alarmNamed(synthApi({ soloCreditsAlarmKes: 20_000 }), "JengaFund-Dev-SoloCredits").Threshold).toBe(20_000);
  });
});

describe("a second factor for admins in prod", () => {
  it("refuses a prod synth with requireAdmin2fa=false, and lets another stage have it", () => {
    expect(() => synthApi({ ...PROD_CONTEXT, requireAdmin2fa: false })).toThrow(
      /requireAdmin2fa is false: admins who move money must sign in with a second factor in prod/,
    );
    expect(() => synthApi({ ...PROD_CONTEXT, stage: "staging", requireAdmin2fa: false })).not.toThrow();
  });
});

describe("the RewardsOutpaceDeposits alarm (design.md §13.1)", () => {
  const prod = synthApi(PROD_CONTEXT);

  it("compares an hour of real-money rewards with the hour's deposits, from KES 50,000, and says where the runbook is", () => {
    const alarm = alarmNamed(prod, "JengaFund-Prod-RewardsOutpaceDeposits") as unknown as {
      Threshold: number;
      AlarmDescription: string;
      Metrics: { Id: string; Expression?: string; MetricStat?: { Metric: { MetricName: string }; Period: number } }[];
    };
    expect(alarm.Threshold).toBe(50_000);
    expect(alarm.AlarmDescription).toContain("docs/runbook.md#rewards-outpace-deposits");
    const expression = alarm.Metrics.find((metric) => metric.Expression)?.Expression;
    expect(expression).toBe("FILL(rewards, 0) - FILL(deposits, 0)");
    const series = Object.fromEntries(
      alarm.Metrics.filter((metric) => metric.MetricStat).map((metric) => [
        metric.Id,
        [metric.MetricStat?.Metric.MetricName, metric.MetricStat?.Period],
      ]),
    );
    expect(series).toEqual({ rewards: ["RewardsPaidKes", 3600], deposits: ["DepositsCreditedKes", 3600] });
  });

  it("takes its threshold from context", () => {
    const alarm = alarmNamed(synthApi({ rewardsOverDepositsAlarmKes: 80_000 }), "JengaFund-Dev-RewardsOutpaceDeposits");
    expect(alarm.Threshold).toBe(80_000);
  });
});
