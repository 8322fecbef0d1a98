import { httpHandler } from "../../http/middleware.js";
import { paybillDetails } from "../../modules/money-in/index.js";

/** GET /mpesa/paybill: the business number and the caller's account number, for Lipa na M-PESA → Pay Bill. */
export const handler = httpHandler("get-paybill-details", {}, async ({ caller }) => ({
  body: paybillDetails().of(caller),
}));
