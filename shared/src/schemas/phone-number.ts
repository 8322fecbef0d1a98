import * as z from "zod/mini";
import { normalizeKenyanPhone } from "../phone.js";
import { MESSAGES } from "./messages.js";

/** Accepts the usual Kenyan spellings and outputs the 12-digit MSISDN (2547XXXXXXXX). */
export const PhoneNumberSchema = z.pipe(
  z.string("Phone number is required").check(z.maxLength(20, MESSAGES.invalidPhone)),
  z.transform((value: string, ctx) => {
    const msisdn = normalizeKenyanPhone(value);
    if (msisdn === null) {
      ctx.issues.push({ code: "custom", message: MESSAGES.invalidPhone, input: value });
      return z.NEVER;
    }
    return msisdn;
  }),
);
