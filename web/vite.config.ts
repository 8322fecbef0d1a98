/// <reference types="vitest/config" />
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin } from "vite";

const webDir = dirname(fileURLToPath(import.meta.url));
const webPort = Number(process.env.WEB_PORT ?? 5173);
const apiPort = Number(process.env.API_PORT ?? 3000);
const previewPort = Number(process.env.PREVIEW_PORT ?? 4173);

/** Served for every route that has no pre-rendered page: the providers' styles and the loading spinner. */
const SHELL_FILE = "app.html";

/** The route modules a pre-rendered page hydrates with, preloaded so hydration does not wait for them. */
const routeModules: Record<string, string> = {
  "/login": "src/app/routes/login.tsx",
  "/register": "src/app/routes/register.tsx",
};

/**
 * After the client build, renders the public pages with react-dom/static (src/app/prerender.tsx, built for Node)
 * into dist/index.html, dist/login/index.html and dist/register/index.html, plus dist/app.html, the shell for the
 * other routes. Each page carries the Emotion styles of its markup in <head>, so it paints styled before any script.
 */
function prerenderPublicPages(): Plugin {
  /** Module id → its chunk's file and the files it imports statically. */
  const chunks = new Map<string, { file: string; imports: string[] }>();
  const chunkFiles = new Map<string, string[]>();
  let outDir = "";
  return {
    name: "jengafund:prerender",
    apply: (config, { command }) => command === "build" && !config.build?.ssr,
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunkFiles.set(output.fileName, output.imports);
        if (output.facadeModuleId)
          chunks.set(output.facadeModuleId, { file: output.fileName, imports: output.imports });
      }
    },
    async closeBundle() {
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
        const template = readFileSync(join(outDir, "index.html"), "utf8");
        for (const path of [...prerenderedPaths, SHELL_PATH]) {
          const page = await renderPage(path);
          const isShell = path === SHELL_PATH;
          const preloads = isShell ? "" : routePreloads(path, template);
          const html = template
            .replace("</head>", `${preloads}${page.styles}</head>`)
            .replace(
              '<div id="root"></div>',
              isShell
                ? `<div id="root">${page.html}</div>`
                : `<div id="root" data-prerendered="${path}">${page.html}</div>`,
            );
          const file = isShell ? join(outDir, SHELL_FILE) : join(outDir, path, "index.html");
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, html);
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };

  function routePreloads(path: string, template: string): string {
    const module = routeModules[path];
    const chunk = module ? chunks.get(join(webDir, module)) : undefined;
    if (!chunk) return "";
    const files = new Set<string>();
    const visit = (file: string) => {
      if (files.has(file)) return;
      files.add(file);
      for (const imported of chunkFiles.get(file) ?? []) visit(imported);
    };
    visit(chunk.file);
    return [...files]
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join("");
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
      const distDir = join(server.config.root, server.config.build.outDir);
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

export default defineConfig({
  plugins: [react(), prerenderPublicPages(), servePrerenderedPages()],
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
  build: { outDir: "dist" },
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["test/**/*.test.{ts,tsx}"],
    setupFiles: ["test/setup.ts"],
  },
});
