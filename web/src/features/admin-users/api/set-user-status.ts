import type { User } from "@jengafund/shared";
import { apiRequest } from "../../../lib/api-client";

export async function setUserStatus(userId: string, isActive: boolean): Promise<User> {
  const { user } = await apiRequest<{ user: User }>("PUT", `/admin/users/${userId}/status`, { body: { isActive } });
  return user;
}
