import type { LoginAnswer, LoginInput } from "@jengafund/shared";
import { apiCall } from "../../api-call";

export function login(input: LoginInput): Promise<LoginAnswer> {
  return apiCall("login-user", { body: input });
}
