/// <reference types="vitest/config" />
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";
import { type ManifestOptions, VitePWA } from "vite-plugin-pwa";
import { KEPT_SCREEN_PAINT } from "../shared/src/kept-screen";
import { PRE_APP_FORM_GUARD } from "../shared/src/pre-app-form-guard";
import webManifest from "./src/app/web-manifest.json" with { type: "json" };

const webDir = dirname(fileURLToPath(import.meta.url));
const webPort = Number(process.env.WEB_PORT ?? 5173);
const apiPort = Number(process.env.API_PORT ?? 3000);
const previewPort = Number(process.env.PREVIEW_PORT ?? 4173);

/** Keep in step with main.tsx, which moves this template's preloads into <head> after the first paint. */
const DEFERRED_PRELOADS_ID = "deferred-preloads";

/** Served for every route that has no pre-rendered page: the providers' styles and the loading spinner. */
const SHELL_FILE = "app.html";

/** The lazily loaded modules a page needs at once, preloaded so that neither hydration nor its first screen waits. */
const pageModules: Record<string, string[]> = {
  "/login": ["src/app/routes/login.tsx"],
  "/register": ["src/app/routes/register.tsx"],
  "/terms": ["src/app/routes/terms.tsx"],
  /**
   * The shell is mostly opened by a signed-in investor (a dashboard link, a reload): the session check and the
   * packages tab, the investor's home, are fetched with the app instead of one after another, and so are the reads
   * main.tsx starts for a stored session before the app has loaded (app/first-reads.ts).
   */
  [SHELL_FILE]: [
    "src/app/first-reads.ts",
    "src/lib/auth/api/get-current-user.ts",
    "src/lib/amplify-rest.ts",
    "src/app/routes/dashboard-layout.tsx",
    "src/features/packages/components/packages-panel.tsx",
  ],
};

/**
 * After the client build, renders the public pages with react-dom/static (src/app/prerender.tsx, built for Node)
 * into dist/index.html and dist/<route>/index.html (login, register, terms), plus dist/app.html, the shell for the
 * other routes. Each page carries the Emotion styles of its markup in <head>, so it paints styled before any script.
 * It also tells the service worker's precache which built files an investor never needs (`notPrecached`).
 */
function prerenderPublicPages(): Plugin & { notPrecached: Set<string> } {
  /** The client build's chunks by file name; a chunk's file names what it imports. */
  const chunks = new Map<
    string,
    { imports: string[]; dynamicImports: string[]; moduleId?: string; isEntry: boolean }
  >();
  let outDir = "";
  const notPrecached = new Set<string>();
  return {
    name: "jengafund:prerender",
    notPrecached,
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const { imports, dynamicImports, isEntry } = output;
        chunks.set(output.fileName, { imports, dynamicImports, moduleId: output.facadeModuleId ?? undefined, isEntry });
      }
      const cssOf = (file: string) => {
        const output = bundle[file];
        return output?.type === "chunk" ? [...(output.viteMetadata?.importedCss ?? [])] : [];
      };
      for (const file of adminOnlyFiles(cssOf)) notPrecached.add(file);
    },
    // Before the service worker is generated (VitePWA's closeBundle runs after, in order), so that its precache lists
    // the pages written here with the revisions of their final content.
    closeBundle: {
      sequential: true,
      order: "pre",
      async handler() {
        const ssrDir = mkdtempSync(join(tmpdir(), "jengafund-prerender-"));
        try {
          await build({
            configFile: false,
            root: webDir,
            plugins: [react()],
            logLevel: "warn",
            ssr: { noExternal: true },
            build: { ssr: "src/app/prerender.tsx", outDir: ssrDir, emptyOutDir: true, minify: false },
          });
          // The login form and the session read localStorage on their first render; a visitor with nothing stored
          // is what the pages show (main.tsx hydrates only for such a visitor).
          globalThis.localStorage ??= emptyStorage();
          const { renderPage, prerenderedPaths, SHELL_PATH }: typeof import("./src/app/prerender") = await import(
            pathToFileURL(join(ssrDir, "prerender.js")).href
          );
          const template = paintFirst(readFileSync(join(outDir, "index.html"), "utf8"));
          for (const path of [...prerenderedPaths, SHELL_PATH]) {
            const page = await renderPage(path);
            const isShell = path === SHELL_PATH;
            const preloads = modulePreloads(pageModules[isShell ? SHELL_FILE : path] ?? [], template);
            // A pre-rendered page asks for the app's code only once it is on screen (main.tsx moves these preloads
            // into <head> after the first paint); the shell has nothing to show first and asks at once. Its forms are
            // held by the guard until the app has taken them over (shared/src/pre-app-form-guard.ts).
            const html = template
              .replace(
                "</head>",
                `${isShell ? preloads : `<script>${PRE_APP_FORM_GUARD}</script>`}${page.styles}</head>`,
              )
              .replace(
                '<div id="root"></div>',
                // The shell paints the packages tab as the signed-in user last saw it, if kept, before any of the app's
                // code has loaded (shared/src/kept-screen.ts).
                isShell
                  ? `<div id="root">${page.html}</div><script>${KEPT_SCREEN_PAINT}</script>`
                  : `<div id="root" data-prerendered="${path}">${page.html}</div><template id="${DEFERRED_PRELOADS_ID}">${preloads}</template>`,
              );
            const file = isShell ? join(outDir, SHELL_FILE) : join(outDir, path, "index.html");
            mkdirSync(dirname(file), { recursive: true });
            writeFileSync(file, isShell ? shellFirst(html) : html);
          }
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };

  /**
   * The chunks (and their stylesheets) that only the admin panel or the proof-of-work widget load: what is left when
   * the chunk graph is walked from the entry without entering the admin layout, an admin feature or altcha (needed
   * only after many failed logins). An investor's phone never downloads them ahead of need.
   */
  function adminOnlyFiles(cssOf: (file: string) => string[]): string[] {
    const isAdminOnly = (moduleId: string | undefined) =>
      moduleId !== undefined &&
      (moduleId.endsWith("/src/app/routes/admin-layout.tsx") ||
        moduleId.includes("/src/features/admin-") ||
        moduleId.includes("/node_modules/altcha/"));
    const reached = new Set<string>();
    const visit = (file: string) => {
      const chunk = chunks.get(file);
      if (!chunk || reached.has(file) || isAdminOnly(chunk.moduleId)) return;
      reached.add(file);
      for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
    };
    for (const [file, chunk] of chunks) if (chunk.isEntry) visit(file);
    const investorCss = new Set([...reached].flatMap(cssOf));
    const unreached = [...chunks.keys()].filter((file) => !reached.has(file));
    return [...unreached, ...unreached.flatMap(cssOf).filter((css) => !investorCss.has(css))];
  }

  /**
   * Nothing stands between the HTML and its first paint: the entry's stylesheet (react-toastify's) goes inline, and
   * the scripts, which only hydrate what is already on screen, load at low priority so the HTML and images come first.
   */
  function paintFirst(template: string): string {
    return template
      .replace(
        /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
        (_, file: string) => `<style>${readFileSync(join(outDir, file), "utf8")}</style>`,
      )
      .replaceAll('<script type="module" crossorigin ', '<script type="module" crossorigin fetchpriority="low" ')
      .replaceAll(
        '<link rel="modulepreload" crossorigin ',
        '<link rel="modulepreload" crossorigin fetchpriority="low" ',
      );
  }

  /**
   * The shell asks first for the code of the first reads (app/first-reads.ts and what it imports: the API client), so
   * that the session and packages requests start while the rest of the app downloads rather than after it. Its
   * scripts stay at low priority like every page's: Lighthouse's simulation counts a high-priority script as blocking
   * the first paint (measured: the shell's spinner went from 1.5 s to 4.4 s), though the browser draws it without them.
   */
  function shellFirst(html: string): string {
    // The API client loads Amplify on its first call (a dynamic import), so it is named here beside the first reads.
    const firstReads = [...chunks.entries()].filter(([, chunk]) =>
      ["/src/app/first-reads.ts", "/src/lib/amplify-rest.ts"].some((module) => chunk.moduleId?.endsWith(module)),
    );
    const early = new Set<string>();
    const visit = (file: string) => {
      if (early.has(file)) return;
      early.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    for (const [file] of firstReads) visit(file);
    const preload = /<link rel="modulepreload" crossorigin fetchpriority="low" href="\/([^"]+)">/g;
    const links = [...html.matchAll(preload)].map(([link, file]) => ({ link, early: early.has(file ?? "") }));
    const ordered = [...links.filter((l) => l.early), ...links.filter((l) => !l.early)].map((l) => l.link).join("");
    const at = html.search(preload);
    const rest = html.replace(preload, "");
    return at < 0 ? html : `${rest.slice(0, at)}${ordered}${rest.slice(at)}`;
  }

  /**
   * The chunks main.tsx loads step by step (React DOM, the design system, the app) and the page's own modules, with
   * what they import: preloaded, so each step finds its code already downloaded.
   */
  function modulePreloads(modules: string[], template: string): string {
    const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
    const moduleIds = new Set(modules.map((module) => join(webDir, module)));
    const own = [...chunks.entries()].filter(([, chunk]) => moduleIds.has(chunk.moduleId ?? ""));
    if (own.length !== modules.length)
      throw new Error(`A page module is not a chunk of its own: ${modules.join(", ")}`);
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
    };
    for (const file of [...(entry?.dynamicImports.filter(isBootStep) ?? []), ...own.map(([file]) => file)]) visit(file);
    return [...files]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
      .join("");
  }

  /**
   * main.tsx's boot steps among the entry's dynamic imports; the others are lazily loaded routes and the first reads
   * of a stored session, which only the shell preloads (a pre-rendered page is for a visitor with nothing stored).
   */
  function isBootStep(file: string): boolean {
    const moduleId = chunks.get(file)?.moduleId ?? "";
    return (
      !moduleId.includes("/src/app/routes/") &&
      !moduleId.includes("/src/features/") &&
      !moduleId.endsWith("/src/app/first-reads.ts") &&
      // Loaded after the first render, when the browser is idle: never worth a preload before it.
      !moduleId.endsWith("/src/app/service-worker.ts") &&
      !moduleId.endsWith("/src/lib/use-online.ts")
    );
  }
}

function emptyStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/**
 * `npm run preview`: the production build as it is hosted. A route with a pre-rendered page gets it, any other
 * route without a file extension gets the app shell; /api goes to the local API.
 */
function servePrerenderedPages(): Plugin {
  return {
    name: "jengafund:preview-routes",
    configurePreviewServer(server) {
      const distDir = resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        const isPageRequest =
          (req.method === "GET" || req.method === "HEAD") &&
          !url.pathname.startsWith("/api/") &&
          !/\.[^/]+$/.test(url.pathname);
        if (isPageRequest) {
          const page = join(url.pathname, "index.html");
          req.url = `${existsSync(join(distDir, page)) ? page : `/${SHELL_FILE}`}${url.search}`;
        }
        next();
      });
    },
  };
}

/**
 * The installable app: the web manifest (name, colours, icons from `npm run icons`) and a Workbox service worker that
 * precaches what an investor's phone needs to open the app with no network: the four pre-rendered pages, the shell,
 * every chunk an investor can load, the package artwork and the icons. A new version waits for the "New version —
 * reload" toast or for the next open (app/service-worker.ts registers it); the API is never the worker's business.
 */
function installableApp(notPrecached: Set<string>) {
  /** The pre-rendered public pages, precached under the URLs they are asked for (CloudFront and preview serve them so). */
  const pageUrl = (url: string) => url.replace(/^(login|register|terms)\/index\.html$/, "$1");
  return VitePWA({
    strategies: "generateSW",
    registerType: "prompt",
    // Registered from app code (virtual:pwa-register), once the first screen is up and the browser is idle.
    injectRegister: false,
    filename: "sw.js",
    manifestFilename: "manifest.webmanifest",
    devOptions: { enabled: false },
    /**
     * The kill switch for a bad release of the worker (docs/runbook.md, "Withdrawing the service worker"): built with
     * UNREGISTER_SERVICE_WORKER=1, sw.js unregisters itself and empties its caches on every phone that opens the site.
     */
    selfDestroying: process.env.UNREGISTER_SERVICE_WORKER === "1",
    // After the prerender's closeBundle ("pre"), which writes the HTML this worker precaches.
    integration: { closeBundleOrder: "post" },
    // The icons are globbed below with everything else.
    includeManifestIcons: false,
    /**
     * src/app/web-manifest.json: the name, brand.700 as index.html's theme-color, start_url /dashboard (a signed-out
     * visitor is sent on to /login; a signed-in one's reads start with the page, app/first-reads.ts), and the icons
     * `npm run icons` draws (scripts/make-icons.ts; web/test/manifest.test.ts checks their sizes).
     */
    manifest: webManifest as Partial<ManifestOptions>,
    workbox: {
      // The manifest itself is added by the plugin; the worker script is never its own entry.
      globPatterns: ["**/*.{js,css,html,svg,png}"],
      manifestTransforms: [
        (entries) => ({
          manifest: entries
            .filter((entry) => !notPrecached.has(entry.url))
            .map((entry) => ({ ...entry, url: pageUrl(entry.url) })),
        }),
      ],
      // The Workbox runtime inside sw.js: one script to check for a new version, not two.
      inlineWorkboxRuntime: true,
      skipWaiting: false,
      clientsClaim: false,
      cleanupOutdatedCaches: true,
      // A route without a page of its own gets the shell, as CloudFront's viewer-request function does; the API and
      // any file (a name with an extension) never do.
      navigateFallback: SHELL_FILE,
      navigateFallbackDenylist: [/^\/api\//, /\/[^/]+\.[^/]+$/],
      runtimeCaching: [
        {
          // Only the admin panel's chunks and the proof-of-work widget are left out of the precache; their names are
          // hashed, so a copy once fetched stays right.
          urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith("/assets/"),
          handler: "CacheFirst",
          options: {
            cacheName: "jengafund-assets",
            expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Package artwork an admin added after the build; same origin only (another site's answers are opaque
          // and each would count megabytes against the phone's storage).
          urlPattern: ({ sameOrigin, url }) => sameOrigin && url.pathname.startsWith("/images/"),
          handler: "StaleWhileRevalidate",
          options: {
            cacheName: "jengafund-images",
            expiration: { maxEntries: 30, maxAgeSeconds: 30 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

const prerender = prerenderPublicPages();

export default defineConfig({
  plugins: [react(), prerender, installableApp(prerender.notPrecached), servePrerenderedPages()],
  server: {
    port: webPort,
    // A silently shifted port would leave the e2e tests and the printed URL pointing at the wrong app.
    strictPort: true,
    proxy: { "/api": `http://localhost:${apiPort}` },
  },
  preview: {
    port: previewPort,
    strictPort: true,
    proxy: { "/api": `http://localhost:${apiPort}` },
  },
  build: {
    outDir: "dist",
    // No modulepreload polyfill in the entry: a browser without modulepreload (Safari before 17) fetches each boot
    // step's code when the step imports it rather than ahead, slower there but whole, and every other phone is spared
    // its bytes up front (docs/benchmarks.md, "Web").
    modulePreload: {
      polyfill: false,
      // The entry names no code to fetch beside its dynamic imports: each page preloads the boot steps' code itself
      // (modulePreloads above) and the shell the first reads' too, so the list would only add bytes up front. A
      // stored session opening a pre-rendered page (rare: its redirect) fetches the first reads' modules one step later.
      resolveDependencies: (_file, deps, { hostId, hostType }) =>
        hostType === "js" && /^assets\/index-[\w-]+\.js$/.test(hostId)
          ? deps.filter((dep) => dep.endsWith(".css"))
          : deps,
    },
  },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["test/**/*.test.{ts,tsx}"],
    setupFiles: ["test/setup.ts"],
    /**
     * Each file still gets a module graph and a DOM of its own, in a fresh VM context, but inside a worker that lives
     * on: React, Chakra, Emotion and happy-dom are read and resolved once per worker, not once per file as in a fresh
     * process (forks), which spent about as long starting a file as running its tests.
     */
    pool: "vmThreads",
    // A VM pool's worker count is resolved apart from the root's; the projects that run side by side need one count.
    maxWorkers: 2,
    // Several tests render the whole app (routes, providers, lazy screens) in happy-dom: about 3-4 s alone, more while
    // the other projects share the two cores. A test that gives up after the default 5 s reports a busy machine.
    testTimeout: 15_000,
  },
});
