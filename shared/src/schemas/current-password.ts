import * as z from "zod/mini";

/**
 * The password the account signs in with, asked for again before a change a stolen session alone must not make
 * (two-factor sign-in, notification preferences: design.md §12.2, §13.2). Only its presence is checked here; the
 * service compares it with the stored hash.
 */
export const CurrentPasswordSchema = z
  .string("Password is required")
  .check(z.minLength(1, "Password is required"), z.maxLength(128, "Password is required"));
