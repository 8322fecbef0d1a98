import type { User } from "@jengafund/shared";
import { apiRequest } from "../../api-client";

export async function getCurrentUser(): Promise<User> {
  const { user } = await apiRequest<{ user: User }>("GET", "/auth/me");
  return user;
}
