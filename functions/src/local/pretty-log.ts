/**
 * `npm start` shows the functions' output readably: each JSON log line (Powertools Logger) becomes
 * `HH:MM:SS LEVEL message key=value …` and each metrics line (EMF) `HH:MM:SS METRIC Name=value …`. The functions
 * themselves write the same JSON as in Lambda; only this dev process rewrites it on its way to the terminal.
 * Dev-only.
 */

/** Keys every line carries, or that say more in a short form below. */
const HIDDEN_KEYS = new Set([
  "level",
  "message",
  "timestamp",
  "service",
  "sampling_rate",
  "xray_trace_id",
  "function_name",
  "function_request_id",
  "cold_start",
  "correlation_id",
  "route",
]);

const COLORS = { ERROR: 31, WARN: 33, INFO: 32, DEBUG: 90, METRIC: 36 } as const;

function paint(text: string, code: number | undefined, color: boolean): string {
  return color && code ? `\u001b[${code}m${text}\u001b[0m` : text;
}

function formatValue(value: unknown): string {
  if (typeof value === "string") return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function clock(timestamp: unknown): string {
  const at = typeof timestamp === "string" || typeof timestamp === "number" ? new Date(timestamp) : new Date();
  return Number.isNaN(at.getTime()) ? "--:--:--" : at.toTimeString().slice(0, 8);
}

function isErrorShape(value: unknown): value is { name?: string; message?: string; stack?: string } {
  return typeof value === "object" && value !== null && "message" in value && "stack" in value;
}

function formatLog(entry: Record<string, unknown>, color: boolean): string {
  const level = String(entry.level).toUpperCase();
  const parts = [
    clock(entry.timestamp),
    paint(level.padEnd(6), COLORS[level as keyof typeof COLORS], color),
    String(entry.message),
  ];
  if (entry.route) parts.push(paint(String(entry.route), 90, color));
  let stack = "";
  for (const [key, value] of Object.entries(entry)) {
    if (HIDDEN_KEYS.has(key) || value === undefined) continue;
    if (isErrorShape(value)) {
      parts.push(`${key}=${formatValue(`${value.name ?? "Error"}: ${value.message}`)}`);
      stack = value.stack ? `\n${value.stack.replace(/^/gm, "    ")}` : "";
      continue;
    }
    parts.push(`${key}=${formatValue(value)}`);
  }
  if (entry.cold_start === true) parts.push(paint("(cold start)", 90, color));
  if (typeof entry.correlation_id === "string") parts.push(paint(`[${entry.correlation_id.slice(0, 8)}]`, 90, color));
  return parts.join(" ") + stack;
}

interface EmfLine {
  _aws: { Timestamp?: number; CloudWatchMetrics: { Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

function isEmf(entry: Record<string, unknown>): entry is EmfLine {
  const aws = entry._aws as EmfLine["_aws"] | undefined;
  return Array.isArray(aws?.CloudWatchMetrics);
}

function formatEmf(entry: EmfLine, color: boolean): string {
  const parts = [clock(entry._aws.Timestamp), paint("METRIC".padEnd(6), COLORS.METRIC, color)];
  const dimensions = new Set<string>();
  for (const directive of entry._aws.CloudWatchMetrics) {
    for (const metric of directive.Metrics) {
      const value = entry[metric.Name];
      const total = Array.isArray(value) ? value.reduce((sum: number, v) => sum + Number(v), 0) : value;
      parts.push(`${metric.Name}=${formatValue(total)}`);
    }
    for (const set of directive.Dimensions) for (const name of set) dimensions.add(name);
  }
  // Every line has the service and stage; a reason is worth showing.
  const extra = [...dimensions].filter((name) => name !== "service" && name !== "stage");
  if (extra.length)
    parts.push(paint(`(${extra.map((name) => `${name}=${formatValue(entry[name])}`).join(" ")})`, 90, color));
  return parts.join(" ");
}

/** The readable form of one output line, or null when it is not one of the functions' JSON lines. */
export function prettyLine(line: string, color = false): string | null {
  if (!line.startsWith("{")) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof entry !== "object" || entry === null) return null;
  const record = entry as Record<string, unknown>;
  if (isEmf(record)) return formatEmf(record, color);
  if (typeof record.level === "string" && typeof record.message === "string") return formatLog(record, color);
  return null;
}

/**
 * Rewrites the functions' lines written to `stream` (which the handlers, running in this process, write to as they
 * would in Lambda). Anything else passes unchanged. Returns the function that puts the stream back.
 */
export function prettifyStream(stream: NodeJS.WriteStream, color: boolean): () => void {
  const write = stream.write;
  const original = write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === "string" || Buffer.isBuffer(chunk)) {
      const lines = chunk.toString().split("\n");
      const last = lines.pop();
      // Only whole lines, each one of ours: a partial write or anyone else's output passes as it came.
      if (last === "" && lines.length > 0) {
        const pretty = lines.map((line) => prettyLine(line, color));
        if (pretty.every((line) => line !== null)) {
          // The text is a new string: an encoding given for the original chunk does not apply to it.
          const callback = rest.find((arg) => typeof arg === "function");
          return callback ? original(`${pretty.join("\n")}\n`, callback) : original(`${pretty.join("\n")}\n`);
        }
      }
    }
    return original(chunk, ...rest);
  }) as typeof stream.write;
  return () => {
    stream.write = write;
  };
}
