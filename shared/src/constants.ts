/** Business constants of the product (spec §9). Amounts in KES. */
export const TRIAL_BALANCE_KES = 1000;
export const REFERRAL_BONUS_KES = 100;
export const MIN_DEPOSIT_KES = 1;
export const MAX_DEPOSIT_KES = 250_000;
export const MIN_WITHDRAWAL_KES = 1;
export const ADMIN_PAGE_SIZE = 10;
/**
 * How far an admin list can be opened by page number alone: without a cursor each earlier page is one more query.
 * Further pages are reached through the `nextCursor` links, which cost what the first page does.
 */
export const ADMIN_MAX_PAGE_WITHOUT_CURSOR = 50;
export const PASSWORD_MIN_LENGTH = 6;
/** An admin's password, set through the reset page (a new admin's first one too), needs at least this many (design.md §12.2). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
/** An admin's session ends after this many minutes without activity (design.md §12.2; ADR 18). */
export const ADMIN_IDLE_MINUTES = 30;
/** Calendar days for rewards and "new users today" are Africa/Nairobi days (UTC+3, no DST). */
export const NAIROBI_UTC_OFFSET_HOURS = 3;
/** M-Pesa B2C limits (mpesa.md): below the minimum a payout would fail, so requests are refused up front. */
export const MIN_PAYOUT_KES = 10;
export const MAX_PAYOUT_KES = 250_000;
/**
 * The companies behind the package catalogue, each with its package's category. The landing page names them; the
 * local seed's nine packages come from these companies, so the two cannot tell different stories.
 */
export const PACKAGE_COMPANIES = [
  { name: "Safaricom", category: "technology" },
  { name: "Kenya Airways", category: "transport" },
  { name: "KenGen", category: "energy" },
  { name: "East African Breweries", category: "consumer-goods" },
  { name: "Nation Media Group", category: "media" },
  { name: "Britam", category: "insurance" },
  { name: "Bamburi Cement", category: "manufacturing" },
  { name: "Centum", category: "real-estate" },
  { name: "Kenya Power", category: "energy" },
] as const;

/**
 * Four eyes on admin balance adjustments (design.md §12.1): one admin alone may adjust up to this much at a time
 * (KES; the stacks may set another figure)…
 */
export const ADJUSTMENT_SOLO_MAX_KES = 10_000;
/** …and up to this much in one Nairobi day, credits and debits added as absolute amounts (KES). */
export const ADJUSTMENT_SOLO_DAILY_MAX_KES = 100_000;
/** Anything waiting for a second admin that nobody decided in this long expires; nothing moves. */
export const SECOND_ADMIN_EXPIRY_HOURS = 72;
/** A pending balance adjustment expires unanswered after this many hours. */
export const ADJUSTMENT_EXPIRY_HOURS = SECOND_ADMIN_EXPIRY_HOURS;
/** A pending package change (design.md §13.1) expires unanswered after this many hours. */
export const PACKAGE_CHANGE_EXPIRY_HOURS = SECOND_ADMIN_EXPIRY_HOURS;
