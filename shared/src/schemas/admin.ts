import * as z from "zod/mini";
import { hasAtMostTwoDecimals } from "../money.js";

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
