import type { ResetPasswordInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Sets the new password once per emailed link; a used, expired or outdated link fails with ApiError 400. */
export function resetPassword(input: ResetPasswordInput): Promise<{ message: string }> {
  return apiCall("reset-password", { body: input });
}
