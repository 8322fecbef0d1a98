/**
 * One emulated phone, whatever the machine's load. CPU throttling (Lighthouse's simulation, or CDP's) multiplies the
 * time this machine takes, so the same multiplier on a busier machine emulates a slower phone. Each measured page
 * therefore starts with Lighthouse's own benchmarkIndex, measured in the browser just before, and its CPU slowdown
 * is that index divided by PHONE_BENCHMARK_INDEX: every run emulates a phone of that index. 500 sits between
 * Chrome DevTools' calibration presets for a low-tier phone (264) and a mid-tier one (1000). The network stays
 * Lighthouse's slow 4G.
 */
import { throttling } from "lighthouse/core/config/constants.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import type { BrowserContext } from "playwright-core";

/** The benchmarkIndex of the phone every figure is measured on. */
export const PHONE_BENCHMARK_INDEX = 500;

/** Lighthouse's mobile network (slow 4G) and the CPU slowdown it would use, before calibration. */
export const SLOW_4G = throttling.mobileSlow4G;

export interface Calibration {
  /** Lighthouse's benchmarkIndex of this machine, now (median of the samples). */
  benchmarkIndex: number;
  /** benchmarkIndex / PHONE_BENCHMARK_INDEX; never below 1 (a machine slower than the phone is measured as it is). */
  cpuSlowdown: number;
}

/**
 * Lighthouse's benchmark (page-functions' computeBenchmarkIndex, about a second each) run `samples` times in a blank
 * page of `context`, with no throttling: the machine as the next measurement will find it.
 */
export async function calibrate(context: BrowserContext, samples = 3): Promise<Calibration> {
  const page = await context.newPage();
  try {
    const values: number[] = [];
    for (let i = 0; i < samples; i++) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    values.sort((a, b) => a - b);
    const benchmarkIndex = values[Math.floor(values.length / 2)] ?? Number.NaN;
    return { benchmarkIndex, cpuSlowdown: Math.max(1, benchmarkIndex / PHONE_BENCHMARK_INDEX) };
  } finally {
    await page.close();
  }
}

/** "benchmarkIndex 1412 → 2.8× CPU" for a table's line. */
export function calibrationText({ benchmarkIndex, cpuSlowdown }: Calibration): string {
  return `benchmarkIndex ${Math.round(benchmarkIndex)} → ${cpuSlowdown.toFixed(2)}× CPU`;
}
