import type { User } from "@jengafund/shared";
import { apiCall } from "../../api-call";

export async function getCurrentUser(): Promise<User> {
  const { user } = await apiCall("get-current-user");
  return user;
}
