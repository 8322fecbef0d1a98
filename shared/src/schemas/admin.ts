import * as z from "zod/mini";
import { hasAtMostTwoDecimals } from "../money.js";
import { dailyRateKeepsMonthlyPromise, MAX_MONTHLY_RETURN_RATE, PACKAGE_RATE_MESSAGES } from "../rewards.js";
import { emptyToUndefined } from "./blank.js";
import { ADMIN_MESSAGES } from "./messages.js";
import { isPlainText, plainTextMessage } from "./plain-text.js";

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

/** A name shown to investors and admins: required text with no control or text-direction characters. */
const displayName = (label: string, max: number) =>
  requiredText(label, max).check(z.refine(isPlainText, plainTextMessage(label)));

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

export const PackageInputSchema = z
  .object({
    name: displayName("Name", 100),
    company: displayName("Company", 100),
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
    monthlyReturnRate: rate("Monthly return rate", MAX_MONTHLY_RETURN_RATE),
    dailyReturnRate: rate("Daily return rate", 100),
    maturityDate: z
      .string("Maturity date is required")
      .check(z.refine((value) => value !== "" && !Number.isNaN(Date.parse(value)), "Maturity date must be a date")),
  })
  .check(
    z.refine((input) => dailyRateKeepsMonthlyPromise(input.dailyReturnRate, input.monthlyReturnRate), {
      message: PACKAGE_RATE_MESSAGES.dailyAboveMonthly,
      path: ["dailyReturnRate"],
    }),
  );
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
