/**
 * Four eyes on admin money (design.md §12.1): money an admin moves must never be money only that admin vouches for.
 * The rules live here, apart from the admin service that applies them, so each is stated once.
 */
import { FOUR_EYES_MESSAGES } from "@jengafund/shared";
import { NotPermittedError } from "../lib/errors.js";

/** No admin adjusts their own wallet: a credit to oneself is money created on one person's word. */
export function refuseOwnBalance(adminId: string, subjectId: string): void {
  if (adminId === subjectId) throw new NotPermittedError(FOUR_EYES_MESSAGES.ownBalance);
}

/** No admin decides their own withdrawal: approving it pays oneself, failing it refunds oneself. */
export function refuseOwnWithdrawal(adminId: string, withdrawalUserId: string): void {
  if (adminId === withdrawalUserId) throw new NotPermittedError(FOUR_EYES_MESSAGES.ownWithdrawal);
}
