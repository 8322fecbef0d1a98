import { StrictMode, startTransition } from "react";
import { reloadIfNewRelease } from "./app/new-release";
import { startRestore } from "./lib/last-known";
import { keepTypedValues } from "./lib/pre-app-forms";
import { takeResetTokenFromAddressBar } from "./lib/reset-link";
import { tokenStorage } from "./lib/token-storage";
import { whenSettled } from "./lib/when-idle";

// Before anything else: a reset link's token leaves the address bar at once (lib/reset-link.ts).
takeResetTokenFromAddressBar();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A boot step whose code cannot be downloaded may be a tab of a release since replaced: it moves on to the new one.
void boot(root).catch((error: unknown) => {
  void reloadIfNewRelease();
  throw error;
});

/**
 * Starts the app once the page's HTML is on screen, in steps, each its own task with a pause between, so a phone
 * answers taps while the app loads instead of freezing for one long task: React DOM, then the design system (Chakra
 * computes its tokens when the system is created), then the app's own modules, then hydration.
 */
async function boot(element: HTMLElement): Promise<void> {
  // A stored session's first screen waits for its reads: they start now, beside the app's code (lib/early-reads.ts).
  if (tokenStorage.get() !== null) {
    void import("./app/first-reads").then(({ startFirstReads }) => startFirstReads(window.location.pathname));
    // And what this user last saw on this device, to paint at once (lib/last-known.ts).
    startRestore();
  }
  await afterFirstPaint();
  requestDeferredPreloads();
  // A pre-rendered page the app will adopt is complete and usable without it (its forms are held until then,
  // lib/pre-app-forms.ts): its code downloads now but runs at the visitor's first touch or key, or once the page has
  // settled, so that it never competes with the page's first seconds on a phone.
  if (canHydrate(element)) await firstInteractionOrSettled();
  const { createRoot, hydrateRoot } = await step("react-dom", () => import("react-dom/client"));
  await step("design-system", () => import("./components/ui/system"));
  const { App, preloadFirstScreen } = await step("app", () => import("./app/app"));
  // A stored session's screen (the dashboard's layout and tab) is loaded before the first render, which then draws it
  // whole once the session is known; its modules are preloaded by the shell, so this waits for little (app/router.tsx).
  if (tokenStorage.get() !== null) {
    await step("first-screen", () => preloadFirstScreen(window.location.pathname));
  }
  // TanStack starts out "online"; the page starts from what the browser says instead (already loaded with the app).
  (await import("./lib/use-online")).syncOnlineManager();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // As transitions, hydration and the first render yield to the browser every few milliseconds instead of holding
  // the main thread until the whole page is done.
  if (canHydrate(element)) {
    startTransition(() => {
      hydrateRoot(element, app);
    });
  } else {
    // What was typed into a pre-rendered form, which this render replaces (lib/pre-app-forms.ts).
    keepTypedValues(element);
    const root = createRoot(element);
    startTransition(() => root.render(app));
  }
  // The service worker (app/service-worker.ts) once the page has loaded and settled: its install fetches and stores the
  // whole app (about 180 KB), which must not compete with the first screen or the user's first taps.
  whenSettled(() => void import("./app/service-worker").then((module) => module.registerServiceWorker()));
}

/**
 * A pre-rendered page holds the preloads of the app's code in a template (vite.config.ts), so that the browser does
 * not fetch the code while it should be drawing the page, which is complete without it.
 */
function requestDeferredPreloads(): void {
  const deferred = document.getElementById("deferred-preloads");
  if (deferred instanceof HTMLTemplateElement) document.head.append(deferred.content);
}

/** The first touch, click or key on the page, or its settling (lib/when-idle.ts), whichever comes first. */
function firstInteractionOrSettled(): Promise<void> {
  const events = ["pointerdown", "keydown", "focusin"] as const;
  return new Promise((resolve) => {
    const start = () => {
      for (const event of events) window.removeEventListener(event, start, true);
      cancel();
      resolve();
    };
    for (const event of events) window.addEventListener(event, start, { capture: true, passive: true });
    const cancel = whenSettled(start);
  });
}

/** After the next frame, or a tenth of a second in a tab that draws no frames (in the background). */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    requestAnimationFrame(() => {
      clearTimeout(timer);
      setTimeout(resolve, 0);
    });
  });
}

/** One boot step, measured (`boot:<name>` in the browser's performance timeline), then a pause for the browser. */
async function step<T>(name: string, load: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const loaded = await load();
  performance.measure(`boot:${name}`, { start, end: performance.now() });
  await new Promise((resolve) => setTimeout(resolve, 0));
  return loaded;
}

/**
 * The build pre-renders the public pages as a visitor with nothing stored sees them (vite.config.ts), and marks #root
 * with the route it rendered. That HTML is adopted only for that route and only when this browser stores nothing the
 * first render reads (a session token, a remembered email): otherwise the first render would differ from it, so the
 * app renders afresh over it. Hosting that answers every route with one page (a plain SPA fallback) stays correct.
 */
function canHydrate(element: HTMLElement): boolean {
  const rendered = element.dataset.prerendered;
  return rendered !== undefined && rendered === routeOf(window.location.pathname) && localStorage.length === 0;
}

function routeOf(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}
