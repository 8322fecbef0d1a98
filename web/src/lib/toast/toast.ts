import type { ToastContent, ToastOptions } from "react-toastify";

type Toastify = typeof import("./toastify");
type Toast = Toastify["toast"];

let toastify: Promise<Toastify> | undefined;
let loaded: Toastify | undefined;
const onLoad = new Set<() => void>();

/** react-toastify's chunk, asked for once; the toaster (toaster.tsx) renders its container as soon as it is in. */
function loadToastify(): Promise<Toastify> {
  toastify ??= import("./toastify").then((module) => {
    loaded = module;
    for (const listener of onLoad) listener();
    return module;
  });
  return toastify;
}

/** For the toaster: react-toastify once loaded, and a way to hear when it is. */
export const toastifyStore = {
  subscribe(listener: () => void): () => void {
    onLoad.add(listener);
    return () => onLoad.delete(listener);
  },
  get: (): Toastify | undefined => loaded,
};

/**
 * Settled while a toast container is mounted (the toaster's), replaced by a pending one while none is: a call waits
 * for it, because react-toastify drops an update or an `isActive` of a toast it holds in no container.
 */
let containerMounted = pending();

/** Called by the toaster once its container has mounted; the returned function, when it unmounts. */
export function toastContainerMounted(): () => void {
  containerMounted.settle();
  return () => {
    containerMounted = pending();
  };
}

/** The calls so far, in order: each runs after the previous one, once react-toastify and its container are ready. */
let calls: Promise<void> = Promise.resolve();

/**
 * Runs `use` with react-toastify's `toast` once its chunk is loaded and a container is mounted to show the toast;
 * calls run in the order they were made, so a rewrite never overtakes the toast it rewrites.
 */
export function withToast(use: (toast: Toast) => void): void {
  const ready = loadToastify();
  calls = calls
    .then(async () => {
      const { toast } = await ready;
      await containerMounted.promise;
      use(toast);
    })
    .catch((error: unknown) => {
      // A chunk that failed to load (offline) costs the toast, never the calls after it.
      console.error("A toast could not be shown", error);
    });
}

/**
 * One toast per message: an error or a note whose words are already on screen is not shown again beside itself
 * (three taps on a refused button say it once, design.md §12.7). The text is the toast's id, so react-toastify
 * ignores a second one while the first is showing; a caller's own toastId (the deposit's) wins.
 */
function once(content: ToastContent, options: ToastOptions | undefined, kind: string): ToastOptions | undefined {
  if (typeof content !== "string" || options?.toastId !== undefined) return options;
  // Encoded: react-toastify makes the id the element's id, which may hold no spaces.
  return { ...options, toastId: `${kind}-${encodeURIComponent(content)}` };
}

/**
 * The app's toasts, with react-toastify's calls and options; react-toastify itself is loaded on the first call
 * (withToast), and the toast appears as soon as it is. Successes are not merged: two actions that succeed alike
 * (two claims of the same reward) are two pieces of news.
 */
export const toast = Object.assign(
  (content: ToastContent, options?: ToastOptions) => withToast((toast) => toast(content, options)),
  {
    success: (content: ToastContent, options?: ToastOptions) => withToast((toast) => toast.success(content, options)),
    error: (content: ToastContent, options?: ToastOptions) =>
      withToast((toast) => toast.error(content, once(content, options, "error"))),
    info: (content: ToastContent, options?: ToastOptions) =>
      withToast((toast) => toast.info(content, once(content, options, "info"))),
  },
);

function pending(): { promise: Promise<void>; settle: () => void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
