/** One JSON line per event, for CloudWatch Logs Insights. Never pass secrets, tokens or passwords here. */
export function log(level: "info" | "warn" | "error", message: string, details: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, message, ...details, at: new Date().toISOString() });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else if (process.env.LOG_LEVEL !== "warn") console.info(line);
}
