import type { Reply, SimRequest } from "./http.js";
import { SPECIAL_NUMBERS } from "./outcomes.js";

/**
 * Behaviours per number (design.md §12.4): any number can be told to act as one of the special numbers, for each kind
 * of payment on its own. So a test registers its user with a number of its own and still drives every path, e.g. an
 * STK deposit that pays (the number is proven) and a payout to the same number whose result never arrives.
 */
export const PAYMENT_KINDS = ["stk", "b2c", "c2b"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** For each kind, the special number whose behaviour this number takes; a kind left out keeps its own. */
export type Behaviours = Partial<Record<PaymentKind, string>>;

export class PhoneBehaviours {
  private readonly byNumber = new Map<string, Behaviours>();

  /** Replaces everything this number was told before. An empty set restores its own behaviour. */
  set(msisdn: string, behaviours: Behaviours): void {
    if (Object.keys(behaviours).length === 0) this.byNumber.delete(msisdn);
    else this.byNumber.set(msisdn, { ...behaviours });
  }

  clear(msisdn: string): void {
    this.byNumber.delete(msisdn);
  }

  of(msisdn: string): Behaviours {
    return { ...this.byNumber.get(msisdn) };
  }

  /**
   * The number whose listed outcome a payment of this kind with `msisdn` gets. Read once when the payment is
   * accepted, so a later PUT or DELETE cannot change a payment already in flight (nor what Transaction Status and
   * reconciliation later find for it).
   */
  actsAs(kind: PaymentKind, msisdn: string): string {
    return this.byNumber.get(msisdn)?.[kind] ?? msisdn;
  }

  list(): Array<{ msisdn: string } & Behaviours> {
    return [...this.byNumber].map(([msisdn, behaviours]) => ({ msisdn, ...behaviours }));
  }
}

/** A Kenyan mobile number in the 2547…/2541…, +254…, 07… or 01… form, as Daraja's 12-digit MSISDN; else undefined. */
export function normaliseMsisdn(value: unknown): string | undefined {
  const text = typeof value === "number" && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== "string") return undefined;
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(text);
  return match ? `254${match[1]}` : undefined;
}

const message = (status: number, text: string): Reply => ({ status, body: { message: text } });
const NUMBER_FORMS = "use the 2547XXXXXXXX, 2541XXXXXXXX, 07XXXXXXXX or 01XXXXXXXX form";

/** The PUT body as behaviours, or why it cannot be one. */
function readBehaviours(req: SimRequest): { behaviours: Behaviours } | { refusal: string } {
  if (req.bodyError) return { refusal: "The body is not valid JSON" };
  const body = req.body ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { refusal: 'Send a JSON object such as { "b2c": "254700009999" }' };
  }
  const entries = Object.entries(body as Record<string, unknown>);
  const unknown = entries.map(([kind]) => kind).filter((kind) => !(PAYMENT_KINDS as readonly string[]).includes(kind));
  if (unknown.length > 0) {
    return { refusal: `Unknown kind(s) of payment: ${unknown.join(", ")}; the kinds are ${PAYMENT_KINDS.join(", ")}` };
  }
  const behaviours: Behaviours = {};
  for (const [kind, value] of entries) {
    const special = normaliseMsisdn(value);
    if (special === undefined || !SPECIAL_NUMBERS.includes(special)) {
      return {
        refusal: `${kind}: ${JSON.stringify(value)} is not one of the simulator's special numbers (${SPECIAL_NUMBERS.join(", ")})`,
      };
    }
    behaviours[kind as PaymentKind] = special;
  }
  return { behaviours };
}

/**
 * `/__sim/phones`: GET lists the numbers told to behave otherwise; `/__sim/phones/{msisdn}`: GET shows one, PUT
 * `{ stk?, b2c?, c2b? }` sets it (204), DELETE restores its own behaviour for every kind (204).
 */
export function createPhoneBehaviourRoutes(phones: PhoneBehaviours): (req: SimRequest) => Reply {
  return (req) => {
    if (req.path === "/__sim/phones") {
      if (req.method !== "GET") return message(405, `${req.method} is not allowed on ${req.path}`);
      return { status: 200, body: { phones: phones.list() } };
    }
    const raw = req.path.slice("/__sim/phones/".length);
    const msisdn = normaliseMsisdn(safelyDecoded(raw));
    if (msisdn === undefined) return message(400, `"${raw}" is not a Kenyan mobile number: ${NUMBER_FORMS}`);
    switch (req.method) {
      case "GET":
        return { status: 200, body: { msisdn, ...phones.of(msisdn) } };
      case "PUT": {
        const read = readBehaviours(req);
        if ("refusal" in read) return message(400, read.refusal);
        phones.set(msisdn, read.behaviours);
        return { status: 204, body: undefined };
      }
      case "DELETE":
        phones.clear(msisdn);
        return { status: 204, body: undefined };
      default:
        return message(405, `${req.method} is not allowed on ${req.path}`);
    }
  };
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
