import type { User } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/** The few accounts a picker offers at a time: a search narrows them rather than a pager. */
const PICKER_SIZE = 5;

/** Accounts whose name, email or phone number starts with `search`, as the Users tab finds them. */
export async function findUsers(search: string): Promise<User[]> {
  const { users } = await apiCall("list-admin-users", {
    query: { search, page: "1", limit: String(PICKER_SIZE) },
  });
  return users;
}
