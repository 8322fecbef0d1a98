import { registerSW } from "virtual:pwa-register";
import { whenNoMutations } from "../lib/mutation-activity";
import { showActionToast } from "../lib/toast/action-toast";

/** The toast a new version brings (exact text). */
export const NEW_VERSION_MESSAGE = "New version — reload";
export const NEW_VERSION_TOAST_ID = "new-version";

/**
 * Registers the service worker (vite.config.ts builds it), which precaches the app so that it opens from the phone
 * itself. main.tsx loads this module once the first screen is up and the browser is idle, so neither the worker's
 * script nor its precache competes with the first screen.
 *
 * A new version never takes over by itself while a page runs the old one: its worker waits, and the "New version —
 * reload" toast offers it. Reload waits for any action in flight (a purchase, a deposit request, a claim) to end, then
 * lets the new worker take over, which reloads the page once (workbox-window). Without Reload the new version takes
 * over the next time the app is opened with no old page left.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!("serviceWorker" in navigator)) return;
  const updateServiceWorker = registerSW({
    immediate: false,
    onNeedRefresh() {
      showActionToast({
        toastId: NEW_VERSION_TOAST_ID,
        message: NEW_VERSION_MESSAGE,
        actionLabel: "Reload",
        async onAction() {
          await whenNoMutations();
          await updateServiceWorker(true);
        },
      });
    },
    onRegisterError(error: unknown) {
      // The app works as before without its worker; the console tells a developer why.
      console.warn("The service worker could not be registered", error);
    },
  });
}
