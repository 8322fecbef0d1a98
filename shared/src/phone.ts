/**
 * Kenyan mobile numbers are accepted as 07XXXXXXXX, 01XXXXXXXX, +2547XXXXXXXX, 2547XXXXXXXX (and the 1-series
 * equivalents), with spaces or dashes, and stored as the 12-digit MSISDN M-Pesa expects: 2547XXXXXXXX / 2541XXXXXXXX.
 */
const MSISDN = /^254[17]\d{8}$/;

export function normalizeKenyanPhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, "");
  let digits: string;
  if (/^\+254\d{9}$/.test(compact)) digits = compact.slice(1);
  else if (/^254\d{9}$/.test(compact)) digits = compact;
  else if (/^0\d{9}$/.test(compact)) digits = `254${compact.slice(1)}`;
  else if (/^[17]\d{8}$/.test(compact)) digits = `254${compact}`;
  else return null;
  return MSISDN.test(digits) ? digits : null;
}
