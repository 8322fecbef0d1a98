import "fake-indexeddb/auto";
import { get as getRest } from "aws-amplify/api";
import { createStore, get, set } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRequest } from "../src/lib/api-client";

vi.mock("aws-amplify/api", () => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));

const store = createStore("jengafund", "last-known");

describe("a 401 forgets what this device kept (issue 24)", () => {
  const assign = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("location", { ...window.location, pathname: "/dashboard/packages", assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("deletes the slot with the token when a signed-in read is refused as unauthenticated", async () => {
    localStorage.setItem("token", "ended");
    await set("slot", { userId: "01JTESTUSER0000000000000000", client: { clientState: { queries: [] } } }, store);
    const refused = Object.assign(new Error("Unknown error"), {
      response: { statusCode: 401, headers: {}, body: '{"message":"Session expired"}' },
    });
    vi.mocked(getRest).mockImplementation(
      () => ({ response: Promise.reject(refused), cancel: () => {} }) as unknown as ReturnType<typeof getRest>,
    );

    await expect(apiRequest("GET", "/auth/me")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem("token")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login");
    await vi.waitFor(async () => expect(await get("slot", store)).toBeUndefined());
  });

  it("keeps it when a read fails for want of a network", async () => {
    localStorage.setItem("token", "kept");
    await set("slot", { userId: "01JTESTUSER0000000000000000", client: { clientState: { queries: [] } } }, store);
    vi.mocked(getRest).mockImplementation(
      () =>
        ({ response: Promise.reject(new TypeError("Failed to fetch")), cancel: () => {} }) as unknown as ReturnType<
          typeof getRest
        >,
    );

    await expect(apiRequest("GET", "/auth/me")).rejects.toMatchObject({ status: 0 });
    expect(localStorage.getItem("token")).toBe("kept");
    expect(await get("slot", store)).toBeDefined();
  });
});
