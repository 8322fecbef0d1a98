/**
 * A new version is offered, never forced (issue 24): the service worker's "waiting" news shows one lasting "New
 * version — reload" toast; Reload waits for an action in flight (a purchase) to end before the new version takes the
 * page, and nothing reloads without it.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { RegisterSWOptions } from "vite-plugin-pwa/types";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "../src/app/service-worker";
import { system } from "../src/components/ui/system";
import { watchMutations } from "../src/lib/mutation-activity";
import { Toaster } from "../src/lib/toast/toaster";

const updateServiceWorker = vi.fn(async (_reloadPage?: boolean) => {});
let registered: RegisterSWOptions | undefined;

vi.mock("virtual:pwa-register", () => ({
  registerSW: (options: RegisterSWOptions) => {
    registered = options;
    return updateServiceWorker;
  },
}));

let unwatch = () => {};

beforeEach(() => {
  registered = undefined;
  updateServiceWorker.mockClear();
  // happy-dom has no service workers; the module only asks whether the browser has them.
  Object.defineProperty(navigator, "serviceWorker", { value: {}, configurable: true });
  render(
    <ChakraProvider value={system}>
      <Toaster />
    </ChakraProvider>,
  );
});

afterEach(() => {
  unwatch();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

/** A purchase in flight on the app's query client until `finish` is called. */
function actionInFlight(): { finish: () => void } {
  const client = new QueryClient();
  unwatch = watchMutations(client);
  let finish = () => {};
  const observer = new MutationObserver(client, {
    mutationFn: () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  });
  void observer.mutate();
  return { finish: () => finish() };
}

describe("a new version of the app (issue 24)", () => {
  it("registers the worker once asked, and offers nothing until a new version waits", async () => {
    await registerServiceWorker();
    expect(registered?.immediate).toBe(false);
    expect(screen.queryByText("New version — reload")).toBeNull();
  });

  it("shows one lasting New version toast; Reload lets the new version take the page", async () => {
    await registerServiceWorker();
    registered?.onNeedRefresh?.();
    registered?.onNeedRefresh?.();
    const reload = await screen.findByRole("button", { name: "Reload" });
    expect(screen.getAllByText("New version — reload")).toHaveLength(1);
    expect(updateServiceWorker).not.toHaveBeenCalled();

    fireEvent.click(reload);
    await waitFor(() => expect(updateServiceWorker).toHaveBeenCalledWith(true));
  });

  it("waits for an action in flight to end before Reload lets the new version in", async () => {
    const purchase = actionInFlight();
    await registerServiceWorker();
    registered?.onNeedRefresh?.();
    fireEvent.click(await screen.findByRole("button", { name: "Reload" }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updateServiceWorker).not.toHaveBeenCalled();

    purchase.finish();
    await waitFor(() => expect(updateServiceWorker).toHaveBeenCalledWith(true));
  });
});
