import type { AuthResponse, LoginInput } from "@jengafund/shared";
import { apiRequest } from "../../api-client";

export function login(input: LoginInput): Promise<AuthResponse> {
  return apiRequest<AuthResponse>("POST", "/auth/login", { body: input });
}
