import type { User } from "@jengafund/shared";
import { paths } from "../../config/paths";

/** Where a signed-in user belongs: admins to the admin panel, everyone else to their dashboard (spec §2). */
export function homePath(user: Pick<User, "role">): string {
  return user.role === "admin" ? paths.admin.root : paths.dashboard.root;
}
