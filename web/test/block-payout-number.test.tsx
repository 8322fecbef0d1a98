/**
 * The page a new payout number's notice links to (design.md §13.2): /block-payout-number?token=… asks for a tap
 * (a mail scanner opening the link must not spend it), calls GET /auth/payout-numbers/block with the token, and shows
 * the server's answer: the number blocked and every device signed out, or the link used or expired.
 */
import { SECURITY_MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BLOCK_TEXTS } from "../src/features/payout-number-block/lib/block-texts";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { mockApi } from "./api-mock";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const TOKEN = "Zm9vYmFyYmF6cXV4MTIzNA";

/** The queries sent to the block route so far. */
const blockCalls = () =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/auth/payout-numbers/block")
    .map(([, , options]) => options?.query);

describe("blocking a new payout number from the notice's link", { timeout: 60_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(apiRequest).mockReset();
  });

  it("blocks only when asked, with the link's token, and shows the server's message", async () => {
    mockApi({ "GET /auth/payout-numbers/block": { message: SECURITY_MESSAGES.payoutNumberBlocked } });
    renderApp(`/block-payout-number?token=${TOKEN}`);

    expect(await screen.findByRole("heading", { name: BLOCK_TEXTS.title }, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByText(BLOCK_TEXTS.explain)).toBeTruthy();
    expect(blockCalls()).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: BLOCK_TEXTS.action }));

    expect(await screen.findByText(SECURITY_MESSAGES.payoutNumberBlocked)).toBeTruthy();
    expect(blockCalls()).toEqual([{ token: TOKEN }]);
    expect(screen.getByText(BLOCK_TEXTS.next)).toBeTruthy();
    expect(screen.getByRole("link", { name: BLOCK_TEXTS.signIn }).getAttribute("href")).toBe("/login");
    expect(screen.queryByRole("button", { name: BLOCK_TEXTS.action })).toBeNull();
  });

  it("says a used or expired link cannot block, as the server says it", async () => {
    mockApi({
      "GET /auth/payout-numbers/block": () => {
        throw new ApiError(400, SECURITY_MESSAGES.blockLinkInvalid);
      },
    });
    renderApp(`/block-payout-number?token=${TOKEN}`);
    fireEvent.click(await screen.findByRole("button", { name: BLOCK_TEXTS.action }, { timeout: 30_000 }));

    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(SECURITY_MESSAGES.blockLinkInvalid);
    expect(screen.queryByRole("button", { name: BLOCK_TEXTS.action })).toBeNull();
  });

  it("lets a network failure be tried again, and sends one request per tap", async () => {
    let attempts = 0;
    mockApi({
      "GET /auth/payout-numbers/block": () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError(0);
        return { message: SECURITY_MESSAGES.payoutNumberBlocked };
      },
    });
    renderApp(`/block-payout-number?token=${TOKEN}`);
    const button = await screen.findByRole("button", { name: BLOCK_TEXTS.action }, { timeout: 30_000 });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText(BLOCK_TEXTS.failed)).toBeTruthy();
    expect(blockCalls()).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: BLOCK_TEXTS.action }));
    await waitFor(() => expect(screen.getByText(SECURITY_MESSAGES.payoutNumberBlocked)).toBeTruthy());
    expect(blockCalls()).toHaveLength(2);
  });

  it("explains a link without its token and offers nothing to press", async () => {
    renderApp("/block-payout-number");
    expect(await screen.findByText(BLOCK_TEXTS.missingToken, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByRole("button", { name: BLOCK_TEXTS.action })).toBeNull();
  });
});
