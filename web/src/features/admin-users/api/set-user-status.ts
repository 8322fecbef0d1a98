import type { User } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

export async function setUserStatus(userId: string, isActive: boolean): Promise<User> {
  const { user } = await apiCall("set-user-status", { path: { id: userId }, body: { isActive } });
  return user;
}
