import { paths } from "../config/paths";
import { getPackages } from "../features/packages/api/get-packages";
import { getCurrentUser } from "../lib/auth/api/get-current-user";
import { startEarly } from "../lib/early-reads";

/**
 * For a stored session, the reads of the first screen, started by main.tsx as the page starts: the session check,
 * and on the investor's home (the packages tab) the packages too, which would otherwise wait for the session's answer.
 */
export function startFirstReads(pathname: string): void {
  startEarly("me", getCurrentUser);
  if (pathname === paths.dashboard.root || pathname === paths.dashboard.packages) startEarly("packages", getPackages);
}
