import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (canHydrate(root)) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
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
