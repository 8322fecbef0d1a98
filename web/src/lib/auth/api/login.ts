import type { AuthResponse, LoginInput } from "@jengafund/shared";
import { apiCall } from "../../api-call";

export function login(input: LoginInput): Promise<AuthResponse> {
  return apiCall("login-user", { body: input });
}
