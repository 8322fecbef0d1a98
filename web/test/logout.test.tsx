import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { logout } from "../src/lib/auth/api/logout";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const currentPath = () => screen.getByTestId("current-path").textContent;

/** The first screen of a file loads its lazy routes; on a busy two-core machine that can take longer than 5 s. */
const findLogout = () => screen.findByRole("button", { name: "Logout" }, { timeout: 15_000 });

/** The whole app renders in each test; on a busy two-core machine that can outlast vitest's default 5 s. */
const SLOW_SCREEN_MS = 20_000;

describe("logout ends the session on the server first (design.md §12.2)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
  });

  it("sends POST /auth/logout with the session still there, then forgets it with the spec's toast", async () => {
    const tokenWhenSent: (string | null)[] = [];
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/logout": () => {
        tokenWhenSent.push(localStorage.getItem("token"));
        return undefined;
      },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await findLogout());
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(tokenWhenSent).toEqual(["investor-token"]);
    expect(localStorage.getItem("token")).toBeNull();
    // The logout's own 401 must not send the page to /login: the request is marked as ending the session.
    expect(vi.mocked(apiRequest).mock.calls.find(([, path]) => path === "/auth/logout")?.[2]).toEqual({
      endsSession: true,
    });
  });

  it.each([
    ["the server cannot be reached", new ApiError(0)],
    ["the session had already ended", new ApiError(401, "Session expired")],
    ["the server fails", new ApiError(500, "Internal server error")],
  ])("still forgets the session here when %s", async (_, failure) => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/logout": () => {
        throw failure;
      },
    });
    renderApp("/dashboard/account");
    fireEvent.click(await findLogout());
    expect(await screen.findByText("Logged out successfully")).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("keeps this browser's id: it names the browser, not the session", async () => {
    localStorage.setItem("deviceId", "0b5f3c2e-8d1a-4c7e-9f00-1234567890ab");
    mockApi({ "GET /auth/me": { user: aUser() }, "POST /auth/logout": () => undefined });
    renderApp("/dashboard/account");
    fireEvent.click(await findLogout());
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(localStorage.getItem("deviceId")).toBe("0b5f3c2e-8d1a-4c7e-9f00-1234567890ab");
  });

  it("sends one logout for a double click", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "POST /auth/logout": () => undefined });
    renderApp("/dashboard/account");
    const button = await findLogout();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(currentPath()).toBe("/"));
    expect(vi.mocked(apiRequest).mock.calls.filter(([, path]) => path === "/auth/logout")).toHaveLength(1);
  });
});

describe("logout request", () => {
  afterEach(() => vi.useRealTimers());

  it("does not wait past a few seconds for a server that does not answer", async () => {
    vi.useFakeTimers();
    vi.mocked(apiRequest).mockReset();
    vi.mocked(apiRequest).mockReturnValue(new Promise(() => {}));
    let done = false;
    const ending = logout().then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(4000);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    await ending;
    expect(done).toBe(true);
  });
});
