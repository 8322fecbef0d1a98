import { paths } from "../config/paths";
import { getPackages } from "../features/packages/api/get-packages";
import { getCurrentUser } from "../lib/auth/api/get-current-user";
import { startEarly } from "../lib/early-reads";

/**
 * For a stored session, the reads of the first screen, started by main.tsx as the page starts: the session check,
 * and on the investor's home (the packages tab) the packages too, which would otherwise wait for the session's answer,
 * and with them the first row's artwork.
 */
export function startFirstReads(pathname: string): void {
  startEarly("me", getCurrentUser);
  if (pathname === paths.dashboard.root || pathname === paths.dashboard.packages) {
    startEarly("packages", async () => {
      const packages = await getPackages();
      preloadArtwork(packages.slice(0, FIRST_ROW).map((pkg) => pkg.image));
      return packages;
    });
  }
}

/** Three columns at most (packages-panel.tsx): the first three cards are the first row on any screen. */
const FIRST_ROW = 3;

/**
 * The first row's banners are the screen's largest paint. Asked for as soon as the packages answer names them, they
 * download while the app renders instead of after it; the cards' images then take them from the browser's cache.
 */
function preloadArtwork(urls: readonly string[]): void {
  for (const url of urls) {
    const link = document.createElement("link");
    link.rel = "preload";
    link.as = "image";
    link.href = url;
    link.fetchPriority = "high";
    document.head.append(link);
  }
}
