import { vi } from "vitest";

/**
 * What the functions write while `run` runs, parsed line by line. Powertools writes logs and metrics (EMF) straight
 * to stdout and stderr, as it does in Lambda, so that is where they are read; nothing reaches the terminal meanwhile.
 */
export async function outputOf(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const lines: Record<string, unknown>[] = [];
  const keep = (chunk: unknown) => {
    for (const line of String(chunk).split("\n")) {
      if (!line.startsWith("{")) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not one of ours.
      }
    }
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, "write").mockImplementation(keep),
    vi.spyOn(process.stderr, "write").mockImplementation(keep),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines;
}

export const logLines = (lines: Record<string, unknown>[], level?: "INFO" | "WARN" | "ERROR") =>
  lines.filter((line) => typeof line.level === "string" && (!level || line.level === level));

/** The EMF lines among them. */
export const metricLines = (lines: Record<string, unknown>[]) => lines.filter((line) => "_aws" in line);

/** The dimension sets of an EMF line, each as its sorted names joined by commas (`service,stage`). */
export const dimensionsOf = (line: Record<string, unknown>) =>
  (line._aws as { CloudWatchMetrics: { Dimensions: string[][] }[] }).CloudWatchMetrics.flatMap((d) =>
    d.Dimensions.map((set) => [...set].sort().join(",")),
  );
