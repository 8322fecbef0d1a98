import type { Role } from "@jengafund/shared";

/** How spec §1 names the roles on screen. */
export function roleLabel(role: Role): string {
  return role === "admin" ? "Administrator" : "Investor";
}
