import type { AuthResponse, RegisterCommand } from "@jengafund/shared";
import { apiRequest } from "../../api-client";

export function register(input: RegisterCommand): Promise<AuthResponse> {
  return apiRequest<AuthResponse>("POST", "/auth/register", { body: input });
}
