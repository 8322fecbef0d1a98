import type { AuthResponse, RegisterCommand } from "@jengafund/shared";
import { apiCall } from "../../api-call";

export function register(input: RegisterCommand): Promise<AuthResponse> {
  return apiCall("register-user", { body: input });
}
