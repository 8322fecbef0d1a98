import { Button, EmptyState } from "@chakra-ui/react";
import { Component, type ComponentType, lazy, type ReactNode, useEffect, useState } from "react";
import { reloadIfNewRelease } from "./new-release";

/** Shown where a screen should be when its code could not be downloaded (exact text, design.md §13.6). */
export const SCREEN_LOAD_FAILED = "This screen could not load. Check your connection.";

/** A screen's module could not be loaded (no network, or a release this tab does not belong to any more). */
class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super(SCREEN_LOAD_FAILED, { cause });
    this.name = "ScreenLoadError";
  }
}

/**
 * A route's screen as a chunk of its own, loaded when first shown: the component exported as `name` by the module
 * `load` imports. Rendered at once when its module was loaded beforehand (`preload`, e.g. preloadFirstScreen);
 * otherwise it suspends once. When the module cannot be loaded, the screen says so in its place, inside the layout,
 * with Retry, which imports it again.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= (await load())[name] as ComponentType;
    return loaded;
  };
  // A failed import() stays failed in a lazy component: Retry, and the screen's next mount, get a new one. (Not at
  // once: a mount that suspended renders again from scratch, and would try again without end.)
  let failed = false;
  const lazyScreen = () =>
    lazy(async () => {
      try {
        return { default: await preload() };
      } catch (error) {
        failed = true;
        throw new ScreenLoadError(error);
      }
    });
  let Lazy = lazyScreen();
  const startAfresh = () => {
    if (!failed) return;
    failed = false;
    Lazy = lazyScreen();
  };
  /** Rendered at once when its module was loaded beforehand (preloadFirstScreen); otherwise it suspends once. */
  // biome-ignore lint/correctness/noComponentHookFactories: made once per screen as this module loads, so its identity is stable, as with lazy() itself.
  function Screen() {
    // Chosen once per mount (and on Retry): changing the component type otherwise would remount the screen and lose
    // its state.
    const [Loaded, setLoaded] = useState<ComponentType>(() => loaded ?? Lazy);
    useEffect(() => startAfresh, []);
    const retry = () => {
      startAfresh();
      setLoaded(() => loaded ?? Lazy);
    };
    return (
      <ScreenLoadBoundary onRetry={retry}>
        <Loaded />
      </ScreenLoadBoundary>
    );
  }
  return Object.assign(Screen, { preload });
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a screen's failed load (and only that: any other error goes on up) and shows the message with Retry. */
class ScreenLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    // After a deploy, a tab of the old release finds its chunks gone: it reloads onto the new one, once.
    if (error instanceof ScreenLoadError) void reloadIfNewRelease();
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof ScreenLoadError)) throw error;
    return (
      <ScreenLoadFailed
        onRetry={() => {
          this.setState({ error: null });
          this.props.onRetry();
        }}
      />
    );
  }
}

function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <EmptyState.Root role="alert" borderWidth="1px" borderColor="border.error" borderRadius="lg" bg="bg" my="6">
      <EmptyState.Content>
        <EmptyState.Title textAlign="center">{SCREEN_LOAD_FAILED}</EmptyState.Title>
        <Button onClick={onRetry}>Retry</Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
