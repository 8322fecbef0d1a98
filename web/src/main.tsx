import { StrictMode, startTransition } from "react";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

void boot(root);

/**
 * Starts the app once the page's HTML is on screen, in steps, each its own task with a pause between, so a phone
 * answers taps while the app loads instead of freezing for one long task: React DOM, then the design system (Chakra
 * computes its tokens when the system is created), then the app's own modules, then hydration.
 */
async function boot(element: HTMLElement): Promise<void> {
  await afterFirstPaint();
  const { createRoot, hydrateRoot } = await step("react-dom", () => import("react-dom/client"));
  await step("design-system", () => import("./components/ui/system"));
  const { App } = await step("app", () => import("./app/app"));
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (canHydrate(element)) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread.
    startTransition(() => {
      hydrateRoot(element, app);
    });
  } else {
    createRoot(element).render(app);
  }
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
