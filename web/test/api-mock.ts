import { vi } from "vitest";
import { type ApiRequest, apiRequest } from "../src/lib/api-client";

/**
 * A response (a JSON object, or the text of a text answer), or a function of the request body (and query) giving one
 * (or throwing, like a refusal from the server).
 */
type Route = ((body: unknown, query?: Record<string, string>) => unknown) | Record<string, unknown> | string;

/**
 * Answers `apiRequest` from a table keyed by "METHOD /path". Test files mock the module first, keeping ApiError
 * and errorMessage real:
 * `vi.mock("../src/lib/api-client", async (original) => ({ ...(await original()), apiRequest: vi.fn() }))`.
 */
export function mockApi(routes: Record<string, Route>) {
  vi.mocked(apiRequest).mockImplementation(async (method: string, path: string, options: ApiRequest = {}) => {
    const key = `${method} ${path}`;
    if (!(key in routes)) throw new Error(`Unexpected API call: ${key}`);
    const route = routes[key];
    return typeof route === "function" ? route(options.body, options.query) : route;
  });
}

/** The calls made so far to one "METHOD /path", with their bodies. */
export function callsTo(method: string, path: string): unknown[] {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([calledMethod, calledPath]) => calledMethod === method && calledPath === path)
    .map(([, , options]) => options?.body);
}
