import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeScript = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * The serious and critical axe-core findings on the page as it is now, one line each ("rule: help — selectors").
 * Transitions are let finish first: a dialog caught fading in has every colour at half contrast.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const timing = animation.effect?.getComputedTiming();
      const endless = timing?.iterations === Number.POSITIVE_INFINITY;
      // A toast's timer bar runs for seconds and never changes its colours; its entrance (a fade) does, so it is
      // waited for like any other.
      const timer = (animation.effect as KeyframeEffect | null)?.target?.closest?.(".Toastify__progress-bar");
      return endless || timer || animation.playState !== "running";
    }),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: axeScript });
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } };
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 4)
          .map((node) => node.target.join(" "))
          .join(", ")}`,
    );
}
