/**
 * Sends one SMS through Africa's Talking's messaging API (`POST /version1/messaging`, a form body with `username`,
 * `to`, `message` and an optional registered sender ID in `from`; the `apiKey` header; JSON asked for with `Accept`).
 * A plain fetch: the vendor's SDK brings an HTTP client, a validator and a phone library for this one request.
 *
 * Every answer is classified so the caller knows whether to try again, and never sends twice what may have gone:
 * - `sent`: the recipient's statusCode is 100–102 (101 is "Success");
 * - `permanent`: a refusal that the same request would meet again (an invalid or blacklisted number, a spent
 *   balance, a refused key), so it is not retried;
 * - `transient`: nothing reached the vendor, or it answered 5xx: safe to try again;
 * - `uncertain`: the request may have been accepted and the answer was lost (a timeout or a reset after it was
 *   written): not retried, because a second try could be a second SMS.
 */
export interface SmsSettings {
  /** `https://api.africastalking.com` live, `https://api.sandbox.africastalking.com` for the sandbox. */
  baseUrl: string;
  username: string;
  apiKey: string;
  /** The registered (transactional) sender ID; Africa's Talking's shared one when absent. */
  senderId?: string;
  timeoutMs?: number;
}

export type SmsOutcome =
  | { kind: "sent"; messageId: string }
  | { kind: "permanent" | "transient" | "uncertain"; reason: string };

/** Network errors that mean the request never left: nothing can have been sent. */
const NOT_SENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

export async function sendSms(settings: SmsSettings, to: string, message: string): Promise<SmsOutcome> {
  const body = new URLSearchParams({ username: settings.username, to: `+${to.replace(/^\+/, "")}`, message });
  if (settings.senderId) body.set("from", settings.senderId);
  let response: Response;
  try {
    response = await fetch(new URL("/version1/messaging", settings.baseUrl), {
      method: "POST",
      headers: {
        apiKey: settings.apiKey,
        Accept: "application/json",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body,
      signal: AbortSignal.timeout(settings.timeoutMs ?? 5_000),
    });
  } catch (error) {
    const code = causeCode(error);
    return code && NOT_SENT_CODES.has(code)
      ? { kind: "transient", reason: code }
      : { kind: "uncertain", reason: code ?? (error instanceof Error ? error.name : "unknown") };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    return { kind: "uncertain", reason: `answer lost (${error instanceof Error ? error.name : "unknown"})` };
  }
  if (response.status >= 500) return { kind: "transient", reason: `HTTP ${response.status}` };
  if (response.status !== 201 && response.status !== 200) {
    return { kind: "permanent", reason: `HTTP ${response.status}: ${text.slice(0, 120)}` };
  }
  const recipient = firstRecipient(text);
  if (!recipient) return { kind: "uncertain", reason: "an answer with no recipient" };
  if (recipient.statusCode >= 100 && recipient.statusCode <= 102) {
    return { kind: "sent", messageId: recipient.messageId ?? "" };
  }
  // 500–502 are the vendor's own failures (internal error, gateway); the 4xx family is the request's.
  if (recipient.statusCode >= 500) return { kind: "transient", reason: `${recipient.statusCode} ${recipient.status}` };
  return { kind: "permanent", reason: `${recipient.statusCode} ${recipient.status}` };
}

function firstRecipient(text: string): { statusCode: number; status: string; messageId?: string } | undefined {
  try {
    const parsed = JSON.parse(text) as {
      SMSMessageData?: { Recipients?: { statusCode?: unknown; status?: unknown; messageId?: unknown }[] };
    };
    const recipient = parsed.SMSMessageData?.Recipients?.[0];
    if (!recipient || typeof recipient.statusCode !== "number") return undefined;
    return {
      statusCode: recipient.statusCode,
      status: typeof recipient.status === "string" ? recipient.status : "",
      ...(typeof recipient.messageId === "string" ? { messageId: recipient.messageId } : {}),
    };
  } catch {
    return undefined;
  }
}

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  if (cause && typeof cause.code === "string") return cause.code;
  if (error instanceof Error && error.name === "TimeoutError") return "timeout";
  return undefined;
}
