/**
 * A second person's decision on something waiting for them (a package change, an identity verification): one of two
 * choices and a reason, which the refusing choice requires.
 */
import * as z from "zod/mini";
import { emptyToUndefined } from "./blank.js";

/** An admin's reason: blank means none, at most 500 characters. */
export const optionalReason = z.pipe(
  z.transform(emptyToUndefined),
  z.optional(
    z.string("Reason must be text").check(z.trim(), z.maxLength(500, "Reason must be at most 500 characters")),
  ),
);

/** `{ decision, reason }`, `decision` one of `choices` (the accepting one first); refusing needs a reason. */
export function decisionInputSchema<const Accept extends string, const Refuse extends string>(
  choices: readonly [Accept, Refuse],
  messages: { choose: string; reasonRequired: string },
) {
  return z.object({ decision: z.enum(choices, messages.choose), reason: optionalReason }).check(
    z.refine((input) => input.decision !== choices[1] || !!input.reason, {
      message: messages.reasonRequired,
      path: ["reason"],
    }),
  );
}
