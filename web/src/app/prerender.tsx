/**
 * Build-time rendering of the public pages (see `prerenderPublicPages` in vite.config.ts): the HTML a visitor with
 * nothing stored sees before any script runs, and the Emotion styles it needs, so the first paint is complete and
 * styled. main.tsx hydrates it. Runs in Node only, from the SSR build; never part of the browser bundle.
 */
import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router-dom";
import { PageSpinner } from "../components/ui/page-spinner";
import { paths } from "../config/paths";
import { AppProvider } from "./provider";
import { AppRoutes } from "./router";

/** The pages written as HTML at build time; every other route gets the app shell. */
export const prerenderedPaths = [paths.landing, paths.login, paths.register, paths.terms] as const;

/** The app shell, served for every other route: the providers' global styles and the spinner the app starts with. */
export const SHELL_PATH = "/__shell";

export interface RenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  /** `<style>` elements for the head, in the form Emotion adopts on the client instead of inserting them again. */
  styles: string;
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const cache = createCache({ key: "css" });
  // Compat mode keeps every rule in cache.inserted instead of writing <style> elements between the markup.
  cache.compat = true;
  // prerender (unlike renderToString) waits for the lazy route modules, so /login holds the form, not a spinner.
  const { prelude } = await prerender(
    <StrictMode>
      <CacheProvider value={cache}>
        <StaticRouter location={url}>
          <AppProvider>{url === SHELL_PATH ? <PageSpinner /> : <AppRoutes />}</AppProvider>
        </StaticRouter>
      </CacheProvider>
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, styles: styleTags(cache, html) };
}

/**
 * What @emotion/server's extractCriticalToChunks and constructStyleTagsFromChunks do: global styles (registered under
 * no class name) each in a `css-global <name>` element that <Global> takes over when it mounts, and the class rules
 * used by this markup in one `css <ids…>` element whose ids Emotion's client cache marks as already inserted.
 */
function styleTags(cache: EmotionCache, html: string): string {
  const usedIds = new Set([...html.matchAll(new RegExp(`${cache.key}-([a-zA-Z0-9-_]+)`, "g"))].map((m) => m[1]));
  const globals: string[] = [];
  const ids: string[] = [];
  let css = "";
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== "string") continue;
    const isGlobal = cache.registered[`${cache.key}-${id}`] === undefined;
    if (isGlobal) globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    else if (usedIds.has(id)) {
      ids.push(id);
      css += rules;
    }
  }
  return [...globals, `<style data-emotion="${cache.key} ${ids.join(" ")}">${css}</style>`].join("");
}
