/**
 * `npm run icons`: draws the installable app's PNG icons (web/public/icons) from the brand's SVGs with Chromium, so
 * that they stay in step with the artwork. Run it after changing web/public/favicon.svg or
 * web/public/icons/maskable.svg, and commit the PNGs it writes.
 *
 * - icon-192.png, icon-512.png ("any" in the manifest): the favicon's rounded tile, transparent around it.
 * - maskable-192.png, maskable-512.png ("maskable"): full-bleed green, the artwork inside the central safe circle
 *   that any launcher's mask keeps.
 * - apple-touch-icon-180.png (index.html's link): the maskable artwork; iOS rounds the corners itself and would
 *   fill transparent ones with black.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { chromiumFlags } from "../web/e2e/support/browser.js";

const publicDir = fileURLToPath(new URL("../web/public/", import.meta.url));
const iconsDir = join(publicDir, "icons");

const icons = [
  { file: "icon-192.png", size: 192, svg: "favicon.svg" },
  { file: "icon-512.png", size: 512, svg: "favicon.svg" },
  { file: "maskable-192.png", size: 192, svg: "icons/maskable.svg" },
  { file: "maskable-512.png", size: 512, svg: "icons/maskable.svg" },
  { file: "apple-touch-icon-180.png", size: 180, svg: "icons/maskable.svg" },
] as const;

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: chromiumFlags });
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const source = Buffer.from(readFileSync(join(publicDir, svg))).toString("base64");
    await page.setContent(
      `<html><body style="margin:0"><img alt="" width="${size}" height="${size}" style="display:block" src="data:image/svg+xml;base64,${source}"></body></html>`,
    );
    await page.locator("img").evaluate((image: HTMLImageElement) => image.decode());
    await page.screenshot({ path: join(iconsDir, file), omitBackground: true });
    await page.close();
    console.log(`web/public/icons/${file} (${size}×${size}, from web/public/${svg})`);
  }
} finally {
  await browser.close();
}
