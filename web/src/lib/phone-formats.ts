import { MESSAGES, normalizeKenyanPhone } from "@jengafund/shared";

/** The ways the server accepts a Kenyan mobile number (design §6), as the forms' hints spell them out. */
export const PHONE_FORMATS = "0712345678, 0112345678, +254712345678 or 254712345678";

/** The server's own refusal of a number it would not accept, said before the form is sent. */
export function phoneRefusal(phoneNumber: string): string | undefined {
  return normalizeKenyanPhone(phoneNumber) === null ? MESSAGES.invalidPhone : undefined;
}
