import { httpHandler } from "../../http/middleware.js";
import { presentKycView, verifications } from "../../modules/kyc/index.js";

/** The caller's own verification: its state and, once started, its masked details (design.md §13.5). */
export const handler = httpHandler("get-kyc", {}, async ({ caller }) => ({
  body: { kyc: presentKycView(caller, await verifications().get(caller.id)) },
}));
