import * as z from "zod/mini";
import { KYC_STATUSES } from "./kyc.js";

export const RoleSchema = z.enum(["admin", "investor"]);
export type Role = z.infer<typeof RoleSchema>;

/** The user as the API returns it (spec §3). Amounts are KES numbers; never any secret. */
export const UserSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  role: RoleSchema,
  isTrialAccount: z.boolean(),
  trialBalance: z.number(),
  walletBalance: z.number(),
  totalReferralEarnings: z.number(),
  referralCode: z.string(),
  isActive: z.boolean(),
  /** Sign-in asks for an authenticator code as well as the password (design.md §11). */
  twoFactorEnabled: z.boolean(),
  /** What the account is told about, per channel and kind (design.md §12.6): resolved, locked kinds always true. */
  notifications: z.object({
    sms: z.record(z.string(), z.boolean()),
    email: z.record(z.string(), z.boolean()),
  }),
  /** The account's identity verification (design.md §13.5); until verified, the unverified limits apply. */
  kyc: z.object({
    status: z.enum(KYC_STATUSES),
    reason: z.optional(z.string()),
  }),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;
