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
 * The app's toasts, with react-toastify's calls and options; react-toastify itself is loaded on the first call
 * (withToast), and the toast appears as soon as it is.
 */
export const toast = Object.assign(
  (content: ToastContent, options?: ToastOptions) => withToast((toast) => toast(content, options)),
  {
    success: (content: ToastContent, options?: ToastOptions) => withToast((toast) => toast.success(content, options)),
    error: (content: ToastContent, options?: ToastOptions) => withToast((toast) => toast.error(content, options)),
    info: (content: ToastContent, options?: ToastOptions) => withToast((toast) => toast.info(content, options)),
  },
);

function pending(): { promise: Promise<void>; settle: () => void } {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
