/**
 * The installable app's manifest (src/app/web-manifest.json, which vite.config.ts writes out) and its icons
 * (public/icons, from `npm run icons`): every icon a phone may pick is there, is a PNG, and has the size the manifest
 * claims, so Android offers "Install" with a sharp icon on the home screen.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import webManifest from "../src/app/web-manifest.json" with { type: "json" };

const publicDir = resolve(import.meta.dirname, "../public");
const indexHtml = readFileSync(resolve(import.meta.dirname, "../index.html"), "utf8");

const PNG_SIGNATURE = "89504e470d0a1a0a";
/** PNG colour types. */
const RGB = 2;
const RGBA = 6;

/** A PNG's width and height, from its header chunk (IHDR, bytes 16–23), and its colour type (byte 25). */
function pngHeader(path: string): { width: number; height: number; colourType: number } {
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 8).toString("hex"), `${path} is not a PNG`).toBe(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), colourType: bytes[25] ?? -1 };
}

/**
 * The top-left pixel of an 8-bit RGB or RGBA PNG as [r, g, b, a] (an RGB one has no transparency). Every PNG row filter leaves a row's first pixel of the
 * first row as it is (nothing lies left of or above it), so it is the bytes after the first filter-type byte.
 */
function topLeftPixel(path: string): number[] {
  const bytes = readFileSync(path);
  const { colourType } = pngHeader(path);
  expect([RGB, RGBA], `${path} is not 8-bit RGB or RGBA`).toContain(colourType);
  const data: Buffer[] = [];
  for (let offset = 8; offset < bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.subarray(offset + 4, offset + 8).toString("latin1");
    if (type === "IDAT") data.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const pixels = inflateSync(Buffer.concat(data));
  return colourType === RGBA ? [...pixels.subarray(1, 5)] : [...pixels.subarray(1, 4), 255];
}

describe("the web manifest", () => {
  it("names the app, opens the dashboard standalone and wears the brand's colours", () => {
    expect(webManifest).toMatchObject({
      name: "JengaFund",
      short_name: "JengaFund",
      start_url: "/dashboard",
      scope: "/",
      display: "standalone",
      theme_color: "#075a30",
    });
    // The same colour as the page's own theme-color, so the installed app's bar does not change shade.
    expect(indexHtml).toContain(`<meta name="theme-color" content="${webManifest.theme_color}" />`);
  });

  it.each(webManifest.icons.map((icon) => [icon.src, icon]))("has %s at the size it claims", (_src, icon) => {
    const file = `${publicDir}${icon.src}`;
    expect(existsSync(file), `${icon.src} is missing: run npm run icons`).toBe(true);
    const { width, height } = pngHeader(file);
    expect(`${width}x${height}`).toBe(icon.sizes);
    expect(icon.type).toBe("image/png");
  });

  it("has a 192 and a 512 px icon for each purpose, any and maskable (Android's install needs both sizes)", () => {
    for (const purpose of ["any", "maskable"]) {
      const sizes = webManifest.icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
      expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    }
  });

  it("fills the maskable icons to the edge, which a launcher's mask then shapes; the plain ones have round corners", () => {
    for (const icon of webManifest.icons) {
      const [, , , alpha] = topLeftPixel(`${publicDir}${icon.src}`);
      expect(alpha, icon.src).toBe(icon.purpose === "maskable" ? 255 : 0);
    }
  });

  it("links a 180 px apple-touch-icon, filled to the edge (iOS rounds it and paints transparent corners black)", () => {
    const href = indexHtml.match(/<link rel="apple-touch-icon" href="([^"]+)"/)?.[1];
    expect(href).toBe("/icons/apple-touch-icon-180.png");
    const file = `${publicDir}${href}`;
    const { width, height } = pngHeader(file);
    expect([width, height]).toEqual([180, 180]);
    expect(topLeftPixel(file)[3]).toBe(255);
  });
});
