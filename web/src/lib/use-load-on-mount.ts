import { useEffect, useState } from "react";

/**
 * Loads something once, when the screen mounts. An answer or failure that arrives after the screen went away is
 * dropped, so neither a state update nor an error toast outlives it. `load` and `onError` must keep their identity
 * between renders (module-level functions do), or every render would load again.
 */
export function useLoadOnMount<T>(load: () => Promise<T>, initial: T, onError: (error: unknown) => void) {
  const [data, setData] = useState<T>(initial);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    load()
      .then((loaded) => {
        if (!cancelled) setData(loaded);
      })
      .catch((error: unknown) => {
        if (!cancelled) onError(error);
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [load, onError]);

  return { data, setData, loading };
}
