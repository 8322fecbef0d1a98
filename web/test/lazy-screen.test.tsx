import { fireEvent, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyNamed, SCREEN_LOAD_FAILED } from "../src/app/lazy-screen";
import { reloadIfNewRelease } from "../src/app/new-release";
import { AppProvider } from "../src/app/provider";

function InvestmentPackages() {
  return <h2>Investment Packages</h2>;
}

function Broken(): React.ReactNode {
  throw new Error("a bug");
}

const chunkFailure = () => new TypeError("Failed to fetch dynamically imported module: /assets/packages-panel-old.js");

function renderScreen(Screen: () => React.ReactNode) {
  return render(
    <MemoryRouter>
      <AppProvider>
        <Suspense fallback={<p>Loading…</p>}>
          <Screen />
        </Suspense>
      </AppProvider>
    </MemoryRouter>,
  );
}

describe("a screen whose code cannot load (design.md §13.6)", () => {
  it("says so in its place with Retry, and Retry imports it again and shows it", async () => {
    const load = vi
      .fn<() => Promise<{ Panel: () => React.ReactNode }>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValueOnce({ Panel: InvestmentPackages });
    const Screen = lazyNamed(load, "Panel");
    renderScreen(Screen);
    expect(await screen.findByText(SCREEN_LOAD_FAILED)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toContain("This screen could not load. Check your connection.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Investment Packages" })).toBeTruthy();
    expect(screen.queryByText(SCREEN_LOAD_FAILED)).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps the message while the code still cannot load", async () => {
    const load = vi.fn<() => Promise<{ Panel: () => React.ReactNode }>>().mockRejectedValue(chunkFailure());
    const Screen = lazyNamed(load, "Panel");
    renderScreen(Screen);
    await screen.findByText(SCREEN_LOAD_FAILED);
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(SCREEN_LOAD_FAILED)).toBeTruthy();
  });

  it("imports it again when the screen is opened again after a failure", async () => {
    const load = vi
      .fn<() => Promise<{ Panel: () => React.ReactNode }>>()
      .mockRejectedValueOnce(chunkFailure())
      .mockResolvedValueOnce({ Panel: InvestmentPackages });
    const Screen = lazyNamed(load, "Panel");
    const first = renderScreen(Screen);
    await screen.findByText(SCREEN_LOAD_FAILED);
    first.unmount();
    renderScreen(Screen);
    expect(await screen.findByRole("heading", { name: "Investment Packages" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("lets any other error of the screen go on up (it is not a load failure)", async () => {
    const Screen = lazyNamed(async () => ({ Broken }), "Broken");
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      expect(() => renderScreen(Screen)).not.toThrow();
      await vi.waitFor(() => expect(quiet).toHaveBeenCalled());
      expect(screen.queryByText(SCREEN_LOAD_FAILED)).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});

describe("a tab of an old release (design.md §13.6)", () => {
  const reload = vi.fn();
  const originalLocation = window.location;

  /** This page as built: its entry script; and the shell the site serves now, with `served`'s entry. */
  function releases(served: string) {
    const entry = document.createElement("script");
    entry.type = "module";
    entry.setAttribute("src", "/assets/index-old.js");
    document.head.append(entry);
    const fetchMock = vi.fn(
      async () => new Response(`<html><head><script type="module" crossorigin src="${served}"></script></head></html>`),
    );
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  beforeEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    Object.defineProperty(window, "location", { configurable: true, value: { ...originalLocation, reload } });
  });

  afterEach(() => {
    Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
    vi.unstubAllGlobals();
    for (const script of document.head.querySelectorAll("script")) script.remove();
    for (const dialog of document.body.querySelectorAll('[role="dialog"]')) dialog.remove();
  });

  it("reloads once onto the new release, and not again (no reload loop)", async () => {
    const fetchMock = releases("/assets/index-new.js");
    await reloadIfNewRelease();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0 as never])).toMatch(/^\/app\.html\?release-check=/);
    await reloadIfNewRelease();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("does not reload when the site still serves this release (the network failed, not the release)", async () => {
    releases("/assets/index-old.js");
    await reloadIfNewRelease();
    expect(reload).not.toHaveBeenCalled();
  });

  it("waits for an open dialog to close before reloading", async () => {
    vi.useFakeTimers();
    try {
      releases("/assets/index-new.js");
      const dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      document.body.append(dialog);
      const done = reloadIfNewRelease();
      await vi.advanceTimersByTimeAsync(3000);
      expect(reload).not.toHaveBeenCalled();
      dialog.remove();
      await vi.advanceTimersByTimeAsync(1000);
      await done;
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
