import * as z from "zod/mini";
import { ADMIN_MAX_PAGE_WITHOUT_CURSOR, ADMIN_PAGE_SIZE } from "../constants.js";
import { hasAtMostTwoDecimals } from "../money.js";
import { AUDIT_ACTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES, WITHDRAWAL_STATUSES } from "../records.js";

export const ADMIN_MESSAGES = {
  fillAllFields: "Please fill in all fields",
  userNotFound: "User not found",
  adminNotToggleable: "Admin accounts cannot be activated or deactivated",
  debitBelowZero: (balance: string) => `Cannot debit more than the user's wallet balance (${balance})`,
} as const;

const userId = z.string("User is required").check(z.regex(/^[0-9A-Z]{26}$/, "User is not valid"));
export const UserIdPathSchema = z.object({ id: userId });

export const BalanceAdjustmentInputSchema = z.object({
  amount: z
    .number(ADMIN_MESSAGES.fillAllFields)
    .check(
      z.refine(Number.isFinite, ADMIN_MESSAGES.fillAllFields),
      z.gte(0.01, "Amount must be at least KES 0.01"),
      z.lte(10_000_000, "Amount is too large"),
      z.refine(hasAtMostTwoDecimals, "Amount can have at most 2 decimals"),
    ),
  type: z.enum(["credit", "debit"], ADMIN_MESSAGES.fillAllFields),
  reason: z
    .string(ADMIN_MESSAGES.fillAllFields)
    .check(
      z.trim(),
      z.minLength(1, ADMIN_MESSAGES.fillAllFields),
      z.maxLength(500, "Reason must be at most 500 characters"),
    ),
});
export type BalanceAdjustmentInput = z.infer<typeof BalanceAdjustmentInputSchema>;

export const UserStatusInputSchema = z.object({ isActive: z.boolean("isActive must be true or false") });

const emptyToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Query strings arrive as text; blank filters (the UI sends them "as given, including empty") mean "any". */
const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.pipe(z.transform(emptyToUndefined), z.optional(z.enum(values, `Unknown ${label}`)));

const pageQuery = {
  page: z._default(
    z.coerce
      .number("page must be a number")
      .check(
        z.int("page must be a whole number"),
        z.gte(1, "page must be at least 1"),
        z.lte(100_000, "page is too large"),
      ),
    1,
  ),
  limit: z._default(
    z.coerce
      .number("limit must be a number")
      .check(
        z.int("limit must be a whole number"),
        z.gte(1, "limit must be at least 1"),
        z.lte(100, "limit must be at most 100"),
      ),
    ADMIN_PAGE_SIZE,
  ),
  cursor: z.optional(z.string().check(z.maxLength(512, "cursor is not valid"))),
};
const searchQuery = z.pipe(
  z.transform(emptyToUndefined),
  z.optional(z.string().check(z.trim(), z.maxLength(100, "Search must be at most 100 characters"))),
);

export const ADMIN_PAGE_MESSAGES = {
  tooFarWithoutCursor: (page: number) =>
    `Page ${page} is too far to open directly. Use the page links to move through the list, or narrow it with a search or filter.`,
} as const;

/** A page number alone reaches the first ADMIN_MAX_PAGE_WITHOUT_CURSOR pages; beyond them the list's cursor does. */
const reachableWithoutCursor = z.refine<{ page: number; cursor?: string | undefined }>(
  (query) => query.cursor !== undefined || query.page <= ADMIN_MAX_PAGE_WITHOUT_CURSOR,
  {
    error: (issue) => ADMIN_PAGE_MESSAGES.tooFarWithoutCursor((issue.input as { page: number }).page),
    path: ["page"],
  },
);

export const AdminUsersQuerySchema = z.object({ ...pageQuery, search: searchQuery }).check(reachableWithoutCursor);
export const AdminTransactionsQuerySchema = z
  .object({
    ...pageQuery,
    search: searchQuery,
    type: optionalFilter(TRANSACTION_TYPES, "transaction type"),
    status: optionalFilter(TRANSACTION_STATUSES, "transaction status"),
  })
  .check(reachableWithoutCursor);
export const AdminAuditQuerySchema = z
  .object({ ...pageQuery, search: searchQuery, action: optionalFilter(AUDIT_ACTIONS, "audit action") })
  .check(reachableWithoutCursor);
export const AdminWithdrawalsQuerySchema = z
  .object({
    ...pageQuery,
    status: optionalFilter(WITHDRAWAL_STATUSES, "withdrawal status"),
  })
  .check(reachableWithoutCursor);

export const PACKAGE_CATEGORIES = [
  "transport",
  "technology",
  "energy",
  "insurance",
  "manufacturing",
  "media",
  "real-estate",
  "consumer-goods",
] as const;
export const RISK_LEVELS = ["low", "medium", "high"] as const;

const requiredText = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );

const rate = (label: string, max: number) =>
  z
    .number(`${label} is required`)
    .check(
      z.refine(Number.isFinite, `${label} must be a number`),
      z.gte(0, `${label} cannot be negative`),
      z.lte(max, `${label} must be at most ${max}`),
      z.refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`),
    );

/** An image is an http(s) URL, or a path on this site (the seeded packages' artwork lives under /images). */
const isImageLocation = (value: string) => {
  if (/^\/(?!\/)[\w\-./]+$/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
};

export const PackageInputSchema = z.object({
  name: requiredText("Name", 100),
  company: requiredText("Company", 100),
  description: requiredText("Description", 1000),
  price: z
    .number("Price is required")
    .check(
      z.refine(Number.isFinite, "Price must be a number"),
      z.gte(1, "Price must be at least KES 1"),
      z.lte(10_000_000, "Price is too large"),
      z.refine(hasAtMostTwoDecimals, "Price can have at most 2 decimals"),
    ),
  image: z
    .string("Image is required")
    .check(z.trim(), z.maxLength(2048, "Image URL is too long"), z.refine(isImageLocation, "Image must be a URL")),
  category: z.enum(PACKAGE_CATEGORIES, "Choose a category"),
  riskLevel: z.enum(RISK_LEVELS, "Choose a risk level"),
  monthlyReturnRate: rate("Monthly return rate", 1000),
  dailyReturnRate: rate("Daily return rate", 100),
  maturityDate: z
    .string("Maturity date is required")
    .check(z.refine((value) => value !== "" && !Number.isNaN(Date.parse(value)), "Maturity date must be a date")),
});
export type PackageInput = z.infer<typeof PackageInputSchema>;

export const ResourceIdPathSchema = z.object({
  id: z.string("id is required").check(z.regex(/^[0-9A-Z]{26}$/, "Not found")),
});

export const ProcessWithdrawalInputSchema = z
  .object({
    /** `failed`: an approved payout that M-Pesa did not pay is refunded (design.md §10), reason required. */
    status: z.enum(["approved", "rejected", "failed"], "Choose to approve or reject"),
    reason: z.pipe(
      z.transform(emptyToUndefined),
      z.optional(
        z.string("Reason must be text").check(z.trim(), z.maxLength(500, "Reason must be at most 500 characters")),
      ),
    ),
  })
  .check(
    z.refine((input) => input.status !== "rejected" || !!input.reason, {
      message: "A reason is required to reject a withdrawal",
      path: ["reason"],
    }),
    z.refine((input) => input.status !== "failed" || !!input.reason, {
      message: "A reason is required to mark a payout as failed",
      path: ["reason"],
    }),
  );
export type ProcessWithdrawalInput = z.infer<typeof ProcessWithdrawalInputSchema>;
