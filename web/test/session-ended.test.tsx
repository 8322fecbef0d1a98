import { screen } from "@testing-library/react";
import { get as getRest } from "aws-amplify/api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "../src/lib/api-client";
import { renderApp } from "./render-app";

vi.mock("aws-amplify/api", () => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));

const IDLE = "You were signed out after 30 minutes without activity. Please log in again.";

/** The next GET answers 401 with this body. */
function refuseWith(body: string) {
  const refused = Object.assign(new Error("Unknown error"), { response: { statusCode: 401, headers: {}, body } });
  vi.mocked(getRest).mockImplementation(
    () => ({ response: Promise.reject(refused), cancel: () => {} }) as unknown as ReturnType<typeof getRest>,
  );
}

describe("a session that ended on the server (design.md §12.2)", () => {
  const assign = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    assign.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends an admin idle for 30 minutes to the login page, which says why once", async () => {
    vi.stubGlobal("location", { ...window.location, pathname: "/admin/overview", assign });
    localStorage.setItem("token", "idle");
    refuseWith(JSON.stringify({ message: IDLE }));
    await expect(apiRequest("GET", "/admin/stats")).rejects.toMatchObject({ status: 401, serverMessage: IDLE });
    expect(localStorage.getItem("token")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login");
    vi.unstubAllGlobals();

    const page = renderApp("/login");
    expect(await screen.findByText(IDLE)).toBeTruthy();
    page.unmount();
    // Said once: the login page opened again (a reload) no longer says it.
    renderApp("/login");
    await screen.findByRole("button", { name: "Sign In" });
    expect(screen.queryByText(IDLE)).toBeNull();
  });

  it("notes nothing for a 401 on the login page itself (a wrong password)", async () => {
    vi.stubGlobal("location", { ...window.location, pathname: "/login", assign });
    localStorage.setItem("token", "stale");
    refuseWith(JSON.stringify({ message: "Invalid email or password" }));
    await expect(apiRequest("GET", "/auth/me")).rejects.toMatchObject({ status: 401 });
    expect(assign).not.toHaveBeenCalled();
    expect(sessionStorage.length).toBe(0);
  });
});
