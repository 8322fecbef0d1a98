import * as z from "zod/mini";
import { ADMIN_MAX_PAGE_WITHOUT_CURSOR, ADMIN_PAGE_SIZE } from "../constants.js";
import { AUDIT_ACTIONS, TRANSACTION_STATUSES, TRANSACTION_TYPES, WITHDRAWAL_STATUSES } from "../records.js";
import { emptyToUndefined } from "./blank.js";

/* The admin lists' query strings, apart from the admin actions' inputs (admin.ts): a list route builds only these. */

/** Query strings arrive as text; blank filters (the UI sends them "as given, including empty") mean "any". */
export const optionalFilter = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.pipe(z.transform(emptyToUndefined), z.optional(z.enum(values, `Unknown ${label}`)));

export const pageQuery = {
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
    /**
     * The one withdrawal of this id, whatever page it would be on: the Process dialog follows the request it has open
     * once the list no longer shows it (decided by another admin; design.md §13.6).
     */
    id: z.pipe(
      z.transform(emptyToUndefined),
      z.optional(z.string().check(z.regex(/^[0-9A-Za-z]{10,40}$/, "Withdrawal id is not valid"))),
    ),
  })
  .check(reachableWithoutCursor);
