import { ADMIN_PAGE_SIZE, type User } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiRequest } from "../../../lib/api-client";

export interface UserQuery {
  /** A prefix of a name, email or phone number; empty for everyone. */
  search: string;
}

interface UsersPage {
  users: User[];
  page: number;
  totalPages: number;
  total: number;
  nextCursor?: string;
}

/** One page of users, newest first. */
export async function getUsers(page: number, { search }: UserQuery, cursor?: string): Promise<PageOf<User>> {
  const { users, ...paging } = await apiRequest<UsersPage>("GET", "/admin/users", {
    query: { page: String(page), limit: String(ADMIN_PAGE_SIZE), search, ...(cursor ? { cursor } : {}) },
  });
  return { items: users, ...paging };
}
