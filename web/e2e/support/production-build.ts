/**
 * The production build as `npm run preview` serves it, for the browser tests that need what only a build has: the
 * pre-rendered pages, the service worker and its precache, the manifest.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page, Route } from "playwright-core";
import { type PreviewServer, preview } from "vite";
import { inject } from "vitest";
import { contentSecurityPolicy } from "../../../infra/lib/web-stack";

const webDir = fileURLToPath(new URL("../..", import.meta.url));
const configFile = join(webDir, "vite.config.ts");

export interface ProductionBuild {
  /** Where the preview serves, e.g. http://127.0.0.1:4470 (a secure context, so the service worker registers). */
  origin: string;
  /** The built files; a test may change one (a new sw.js) and the preview serves the change. */
  outDir: string;
  /**
   * Stops the preview server, so nothing answers any more (a test cutting the network calls it mid-test), then
   * deletes the built files. Calling it again does nothing more.
   */
  close(): Promise<void>;
}

/**
 * The web app as `npm run build` builds it (production React, minified chunks, pre-rendered pages, service worker),
 * the run's one build (e2e/global-setup.ts) copied into a fresh temporary directory, and serves it on
 * 127.0.0.1:`port` as `npm run preview` does, with /api proxied to the e2e API at `apiUrl`.
 */
export async function startProductionBuild(port: number, apiUrl: string): Promise<ProductionBuild> {
  const outDir = mkdtempSync(join(tmpdir(), "jengafund-web-build-"));
  let server: PreviewServer;
  try {
    // Each test file gets its own copy: a test may change a file (a new sw.js) for itself.
    cpSync(shared, outDir, { recursive: true });
    server = await preview({
      configFile,
      root: webDir,
      logLevel: "warn",
      build: { outDir },
      preview: { port, strictPort: true, host: "127.0.0.1", proxy: { "/api": new URL(apiUrl).origin } },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  let closed: Promise<void> | undefined;
  return {
    origin: `http://127.0.0.1:${port}`,
    outDir,
    close() {
      closed ??= server.close().finally(() => rmSync(outDir, { recursive: true, force: true }));
      return closed;
    },
  };
}

/** The run's one build, made by the e2e global setup. */
const shared = inject("productionBuildDir");

/**
 * Serves the site's pages with the CSP CloudFront adds (infra/lib/web-stack.ts), so that the pages' inline scripts (the
 * pre-rendered pages' form guard, the shell's kept screen) run only if the policy allows them, as in production.
 */
export async function withSiteCsp(page: Page, origin: string): Promise<void> {
  await page.route(
    (url) => url.origin === origin && !url.pathname.startsWith("/api/") && !/\.[^/]+$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        headers: { ...response.headers(), "content-security-policy": contentSecurityPolicy },
      });
    },
  );
}

/** Holds every request for the app's code until `release` is called: the page is the pre-rendered HTML alone. */
export async function holdAppCode(page: Page, origin: string): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.origin === origin && url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js"),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    async release() {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}
