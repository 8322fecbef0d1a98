import { ADMIN_PAGE_SIZE, type User } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiCall } from "../../../lib/api-call";

export interface UserQuery {
  /** A prefix of a name, email or phone number; empty for everyone. */
  search: string;
}

/** One page of users, newest first. */
export async function getUsers(page: number, { search }: UserQuery, cursor?: string): Promise<PageOf<User>> {
  const { users, ...paging } = await apiCall("list-admin-users", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), search, ...(cursor ? { cursor } : {}) },
  });
  return { items: users, ...paging };
}
