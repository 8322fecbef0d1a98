import { get, post } from "aws-amplify/api";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  apiRequest,
  errorMessage,
  isTwoFactorRequired,
  isTwoFactorSetupRequired,
} from "../src/lib/api-client";

vi.mock("aws-amplify/api", () => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), del: vi.fn() }));

/** What Amplify's REST API throws for a non-2xx response. */
function httpError(statusCode: number, body: string) {
  return Object.assign(new Error("Unknown error"), { response: { statusCode, headers: {}, body } });
}

function respond(outcome: Promise<unknown>) {
  vi.mocked(post).mockReturnValue({ response: outcome, cancel: () => {} } as unknown as ReturnType<typeof post>);
}

describe("api client", () => {
  const assign = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal("location", { ...window.location, pathname: "/dashboard/packages", assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it("sends the stored token as a bearer header and parses the JSON body", async () => {
    localStorage.setItem("token", "abc");
    respond(Promise.resolve({ statusCode: 200, headers: {}, body: { text: async () => '{"reward":13}' } }));
    await expect(apiRequest("POST", "/investments/claim/1", { body: {} })).resolves.toEqual({ reward: 13 });
    expect(post).toHaveBeenCalledWith(
      expect.objectContaining({
        path: "/investments/claim/1",
        options: expect.objectContaining({
          headers: { Authorization: "Bearer abc", "X-Device-Id": localStorage.getItem("deviceId") },
        }),
      }),
    );
  });

  it("sends this browser's id as X-Device-Id on every call, made once and kept in localStorage", async () => {
    respond(Promise.resolve({ statusCode: 200, headers: {}, body: { text: async () => "{}" } }));
    await apiRequest("POST", "/auth/login", { body: {} });
    localStorage.setItem("token", "abc");
    await apiRequest("POST", "/investments/claim/1", { body: {} });
    localStorage.removeItem("token");
    await apiRequest("POST", "/auth/forgot-password", { body: {} });

    const sent = vi.mocked(post).mock.calls.map(([input]) => input.options?.headers?.["X-Device-Id"]);
    const id = localStorage.getItem("deviceId");
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent.slice(-3)).toEqual([id, id, id]);
  });

  it("keeps the id it finds, and another browser (storage) gets another", async () => {
    respond(Promise.resolve({ statusCode: 200, headers: {}, body: { text: async () => "{}" } }));
    localStorage.setItem("deviceId", "kept-id");
    await apiRequest("POST", "/auth/login", { body: {} });
    expect(vi.mocked(post).mock.lastCall?.[0].options?.headers).toMatchObject({ "X-Device-Id": "kept-id" });

    localStorage.clear();
    await apiRequest("POST", "/auth/login", { body: {} });
    const fresh = vi.mocked(post).mock.lastCall?.[0].options?.headers?.["X-Device-Id"];
    expect(fresh).not.toBe("kept-id");
    expect(localStorage.getItem("deviceId")).toBe(fresh);
  });

  it("still sends an id when storage is refused, the same one for the page's life", async () => {
    respond(Promise.resolve({ statusCode: 200, headers: {}, body: { text: async () => "{}" } }));
    const refused = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    const getItem = vi.spyOn(Storage.prototype, "getItem").mockImplementation(refused);
    const setItem = vi.spyOn(Storage.prototype, "setItem").mockImplementation(refused);
    try {
      await apiRequest("POST", "/auth/forgot-password", { body: {} }).catch(() => undefined);
      await apiRequest("POST", "/auth/forgot-password", { body: {} }).catch(() => undefined);
    } finally {
      getItem.mockRestore();
      setItem.mockRestore();
    }
    const [first, second] = vi
      .mocked(post)
      .mock.calls.slice(-2)
      .map(([input]) => input.options?.headers);
    expect(first?.["X-Device-Id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.["X-Device-Id"]).toBe(first?.["X-Device-Id"]);
  });

  it("hands a text/* answer (the CSV export) over as text instead of parsing it", async () => {
    vi.mocked(get).mockReturnValue({
      response: Promise.resolve({
        statusCode: 200,
        headers: { "content-type": "text/csv; charset=utf-8" },
        body: { text: async () => "Date,Type\n" },
      }),
      cancel: () => {},
    } as unknown as ReturnType<typeof get>);
    await expect(apiRequest("GET", "/admin/transactions/export")).resolves.toBe("Date,Type\n");
  });

  it("turns an error response into an ApiError carrying the server's message", async () => {
    respond(Promise.reject(httpError(400, '{"message":"Insufficient balance"}')));
    const error = await apiRequest("POST", "/investments/buy").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Insufficient balance" });
    expect(errorMessage(error, "Failed to purchase package")).toBe("Insufficient balance");
  });

  it("uses the caller's fallback when the body has no message", async () => {
    respond(Promise.reject(httpError(502, "<html>Bad gateway</html>")));
    const error = await apiRequest("POST", "/investments/buy").catch((caught: unknown) => caught);
    expect(errorMessage(error, "Failed to purchase package")).toBe("Failed to purchase package");
  });

  it("ends the session on a 401: removes the token and goes to /login", async () => {
    localStorage.setItem("token", "expired");
    respond(Promise.reject(httpError(401, '{"message":"Session expired"}')));
    await expect(apiRequest("POST", "/withdrawals")).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem("token")).toBeNull();
    expect(assign).toHaveBeenCalledWith("/login");
  });

  it("leaves the page alone for a 401 to a logout: the session it ends had ended already", async () => {
    localStorage.setItem("token", "expired");
    respond(Promise.reject(httpError(401, '{"message":"Session expired"}')));
    await expect(apiRequest("POST", "/auth/logout", { endsSession: true })).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem("token")).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it("does not reload the page for a 401 to a request sent without a session, such as a wrong password", async () => {
    vi.stubGlobal("location", { ...window.location, pathname: "/login", assign });
    respond(Promise.reject(httpError(401, '{"message":"Invalid email or password"}')));
    await expect(apiRequest("POST", "/auth/login")).rejects.toMatchObject({ message: "Invalid email or password" });
    expect(assign).not.toHaveBeenCalled();
  });

  it("keeps the error body's other fields, so a login can tell a missing code from a wrong password", async () => {
    respond(Promise.reject(httpError(401, '{"message":"Enter the code","twoFactorRequired":true}')));
    const codeMissing = await apiRequest("POST", "/auth/login").catch((caught: unknown) => caught);
    expect(codeMissing).toMatchObject({ message: "Enter the code", details: { twoFactorRequired: true } });
    expect(isTwoFactorRequired(codeMissing)).toBe(true);
    expect(isTwoFactorRequired(new ApiError(401, "Invalid email or password"))).toBe(false);

    respond(Promise.reject(httpError(403, '{"message":"Turn it on","twoFactorSetupRequired":true}')));
    const setupMissing = await apiRequest("POST", "/admin/packages").catch((caught: unknown) => caught);
    expect(isTwoFactorSetupRequired(setupMissing)).toBe(true);
    expect(isTwoFactorSetupRequired(new ApiError(403, "Admin access required"))).toBe(false);
  });
});
