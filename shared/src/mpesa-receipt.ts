/**
 * M-Pesa's receipts (a C2B `TransID`, an STK `MpesaReceiptNumber`, a B2C `TransactionReceipt`) are ten upper-case
 * letters and digits. The once-only marker of a credit is the receipt in this form, so a replay in other letter case
 * finds the marker of the first delivery (design.md §13.3).
 */
export const MPESA_RECEIPT_PATTERN = /^[A-Z0-9]{10}$/;

/** A receipt as given → the form it is kept and compared in: trimmed, upper case. */
export const normalizeMpesaReceipt = (receipt: string): string => receipt.trim().toUpperCase();

/** Whether a normalised receipt has M-Pesa's shape. */
export const isMpesaReceipt = (receipt: string): boolean => MPESA_RECEIPT_PATTERN.test(receipt);
