/**
 * Money is integer cents everywhere it is stored or computed. The API speaks KES numbers with at most two
 * decimals; these helpers are the only place that crosses between the two.
 */
export const CENTS_PER_KES = 100;

/** KES (at most 2 decimals) → integer cents. Throws on anything that is not an exact cent amount. */
export function kesToCents(kes: number): number {
  if (!Number.isFinite(kes)) throw new RangeError("Amount must be a finite number");
  const cents = Math.round(kes * CENTS_PER_KES);
  // Reject 0.001-style inputs rather than silently rounding them away.
  if (Math.abs(cents - kes * CENTS_PER_KES) > 1e-6) throw new RangeError("Amount has more than 2 decimals");
  if (!Number.isSafeInteger(cents)) throw new RangeError("Amount is too large");
  return cents;
}

export function centsToKes(cents: number): number {
  return cents / CENTS_PER_KES;
}

/** True when the KES number has at most two decimals. */
export function hasAtMostTwoDecimals(kes: number): boolean {
  return Number.isFinite(kes) && Math.abs(Math.round(kes * 100) - kes * 100) < 1e-6;
}

/** Built on first use: creating a number format loads locale data, which every importer would pay at load. */
let kesFormat: Intl.NumberFormat | undefined;

/** 1234.5 → "1,234.50" */
export function formatAmount(kes: number): string {
  kesFormat ??= new Intl.NumberFormat("en-KE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return kesFormat.format(kes);
}

/** 1234.5 → "KES 1,234.50" */
export function formatKes(kes: number): string {
  return `KES ${formatAmount(kes)}`;
}
