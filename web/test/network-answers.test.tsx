import { ChakraProvider } from "@chakra-ui/react";
import { onlineManager } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_MESSAGE, OfflineBanner } from "../src/components/layout/offline-banner";
import { system } from "../src/components/ui/system";
import { apiRequest } from "../src/lib/api-client";
import { noteAnswer, PROBE_INTERVAL_MS } from "../src/lib/network-answers";
import { isOnline, syncOnlineManager } from "../src/lib/use-online";

/** What Amplify does with a request: here it never reaches a server, or it gets one answer. */
const send = vi.fn<() => Promise<unknown>>();
vi.mock("../src/lib/amplify-rest", () => ({
  API_NAME: "jengafund",
  operations: { GET: () => ({ response: send() }), POST: () => ({ response: send() }) },
}));

const noAnswer = () => Promise.reject(new TypeError("Failed to fetch"));
const answer = () =>
  Promise.resolve({
    statusCode: 200,
    headers: { "content-type": "application/json" },
    body: { text: async () => "{}" },
  });

/**
 * Offline as the page sees it (issue 38): a browser that keeps navigator.onLine true through an offline reload (as
 * Chromium 150 does under the service worker) still gets the banner, because the page's own requests go unanswered.
 */
describe("offline by the page's own requests", () => {
  beforeEach(() => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true });
    syncOnlineManager();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    act(() => noteAnswer());
    send.mockReset();
  });

  it("goes offline on a request with no answer at all while the browser says online, and back on the next answer", async () => {
    render(
      <ChakraProvider value={system}>
        <OfflineBanner />
      </ChakraProvider>,
    );
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();

    send.mockImplementationOnce(noAnswer);
    await act(() => expect(apiRequest("GET", "/auth/me")).rejects.toMatchObject({ status: 0 }));
    expect(isOnline()).toBe(false);
    expect(onlineManager.isOnline()).toBe(false);
    expect(screen.getByText(OFFLINE_MESSAGE)).toBeTruthy();

    send.mockImplementationOnce(answer);
    await act(() => apiRequest("GET", "/auth/me"));
    expect(isOnline()).toBe(true);
    expect(onlineManager.isOnline()).toBe(true);
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull();
  });

  it("an error answer is an answer: a 500 or a 404 is not offline", async () => {
    send.mockImplementationOnce(() => Promise.reject({ response: { statusCode: 500, body: '{"message":"x"}' } }));
    await expect(apiRequest("GET", "/packages")).rejects.toMatchObject({ status: 500 });
    expect(isOnline()).toBe(true);
  });

  it("asks again every few seconds while paused queries would not, and comes back when the probe is answered", async () => {
    vi.useFakeTimers();
    const probe = vi.fn<typeof fetch>().mockRejectedValueOnce(new TypeError("Failed to fetch"));
    vi.stubGlobal("fetch", probe);
    send.mockImplementationOnce(noAnswer);
    await expect(apiRequest("GET", "/auth/me")).rejects.toMatchObject({ status: 0 });
    expect(isOnline()).toBe(false);

    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(String(probe.mock.calls[0]?.[0])).toBe(`${window.location.origin}/api/`);
    expect(isOnline()).toBe(false);

    probe.mockResolvedValueOnce(new Response("", { status: 404 }));
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS);
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_INTERVAL_MS * 3);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it("the browser's own 'online' is worth a try at once", async () => {
    send.mockImplementationOnce(noAnswer);
    await expect(apiRequest("GET", "/auth/me")).rejects.toMatchObject({ status: 0 });
    expect(isOnline()).toBe(false);
    window.dispatchEvent(new Event("online"));
    expect(isOnline()).toBe(true);
  });
});
