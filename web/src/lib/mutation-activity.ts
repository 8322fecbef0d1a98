import type { QueryClient } from "@tanstack/react-query";

/**
 * Whether the app is in the middle of an action that changes something (a purchase, a deposit request, a claim), so
 * that nothing reloads the page under it: a new version waits for the action to end (app/service-worker.ts). The
 * app's one query client is watched from the provider; a page with none watched is never busy.
 */
let watched: QueryClient | undefined;

/** Watches `client`'s mutations until the returned function is called (the provider's unmount). */
export function watchMutations(client: QueryClient): () => void {
  watched = client;
  return () => {
    if (watched === client) watched = undefined;
  };
}

/** Resolves at once when no action is running, otherwise as soon as the last one running has ended. */
export function whenNoMutations(): Promise<void> {
  const client = watched;
  if (!client || client.isMutating() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const cache = client.getMutationCache();
    const unsubscribe = cache.subscribe(() => {
      if (client.isMutating() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}
