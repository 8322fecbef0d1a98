import {
  centsToKes,
  dailyRewardCents,
  KesAmountSchema,
  kesToCents,
  maturityDayOfPurchase,
  type Package,
} from "@jengafund/shared";
import { formatDay, formatKes } from "../../../lib/format";

/** "Jan 21, 2027": the day a purchase made now matures, as the server dates it (shared maturityDayOfPurchase). */
export function maturityDateOfPurchase(pkg: Pick<Package, "maturityDate">): string {
  return formatDay(maturityDayOfPurchase(pkg));
}

/** The amount typed, in KES, when it is one the API accepts; undefined for an empty box or a malformed amount. */
function typedAmount(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const parsed = KesAmountSchema.safeParse(Number(text));
  return parsed.success ? parsed.data : undefined;
}

/**
 * What one daily claim would pay for the amount typed: the claim's own rule (shared dailyRewardCents). Only for an
 * amount the package takes: below its minimum (the price) or above the largest amount the API accepts there is no
 * figure, as no such investment can exist; the field says why (amountFieldError).
 */
export function dailyRewardFor(text: string, pkg: Pick<Package, "dailyReturnRate" | "price">): number | undefined {
  const amount = typedAmount(text);
  if (amount === undefined || amount < pkg.price) return undefined;
  return centsToKes(dailyRewardCents(kesToCents(amount), pkg.dailyReturnRate));
}

/**
 * Why the amount typed cannot buy the package, in words for the field itself; undefined while the box is empty (the
 * helper already states the minimum and Confirm is disabled) or when the amount is fine. The spec's own toasts
 * ('Minimum amount is KES {price}', 'Insufficient balance') still come on a submit: these say the same with the
 * figures the investor needs to correct it.
 */
export function amountFieldError(text: string, pkg: Pick<Package, "price">, balance: number): string | undefined {
  if (text.trim() === "") return undefined;
  const parsed = KesAmountSchema.safeParse(Number(text));
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Enter an amount in KES";
  if (parsed.data < pkg.price) return `Enter at least ${formatKes(pkg.price)}, this package's minimum`;
  if (parsed.data > balance) return `That is more than your available balance of ${formatKes(balance)}`;
  return undefined;
}
