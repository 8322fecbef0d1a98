import { apiCall } from "../../../lib/api-call";
import { tokenStorage } from "../../../lib/token-storage";

/**
 * Sends a fresh authenticator code (POST /auth/step-up) and keeps the answer as the session token: the same session,
 * with the code's moment in it, which the money actions of the next 15 minutes are sent with.
 */
export async function stepUp(code: string): Promise<void> {
  const { token } = await apiCall("step-up", { body: { code } });
  tokenStorage.set(token);
}
