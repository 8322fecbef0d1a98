import type { ForgotPasswordInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** Always the same answer whether or not the email has an account; 429 once asked too often this hour. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return apiCall("request-password-reset", { body: input });
}
