import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation, useNavigate } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProvider } from "../src/app/provider";
import { AppRoutes } from "../src/app/router";
import { RECOVERY_TEXTS } from "../src/features/auth/lib/auth-texts";
import { apiRequest } from "../src/lib/api-client";
import { keptResetToken, resetTokenIn, takeResetTokenFromAddressBar } from "../src/lib/reset-link";
import { callsTo, mockApi } from "./api-mock";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/** The router's navigate, for a test that follows a link while a page shows. */
let navigateTo: ((path: string) => void) | undefined;

/** The whole location, query and fragment included: where a token would show. */
function WholeLocation() {
  navigateTo = useNavigate();
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${search}${hash}`}</output>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider>
        <AppRoutes />
        <WholeLocation />
      </AppProvider>
    </MemoryRouter>,
  );
}

describe("the reset link's token (design.md §11)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(apiRequest).mockReset();
  });
  afterEach(() => {
    window.history.replaceState(null, "", "/");
  });

  it("reads the token after #token= (links mailed now) and after ?token= (links mailed before)", () => {
    expect(resetTokenIn("", "#token=abc123")).toBe("abc123");
    expect(resetTokenIn("?token=old456", "")).toBe("old456");
    expect(resetTokenIn("", "")).toBeUndefined();
    expect(resetTokenIn("?token=", "#token=")).toBeUndefined();
  });

  it("takes the token out of the address bar as the app starts, keeping it in memory, on the reset page only", () => {
    window.history.replaceState(null, "", "/dashboard#token=not-a-reset");
    takeResetTokenFromAddressBar();
    expect(window.location.hash).toBe("#token=not-a-reset");

    window.history.replaceState(null, "", "/reset-password#token=abc123");
    takeResetTokenFromAddressBar();
    expect(window.location.href).not.toContain("abc123");
    expect(window.location.pathname).toBe("/reset-password");
    expect(keptResetToken()).toBe("abc123");

    window.history.replaceState(null, "", "/reset-password?token=old456");
    takeResetTokenFromAddressBar();
    expect(window.location.href).not.toContain("old456");
    expect(keptResetToken()).toBe("old456");
  });

  /** Sets a new password on the page and expects the reset to be sent with `token`. */
  async function resetsWithToken(token: string) {
    fireEvent.change(await screen.findByLabelText(new RegExp(`^${RECOVERY_TEXTS.newPassword}`)), {
      target: { value: "NewSecret1" },
    });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: "NewSecret1" } });
    fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.savePassword }));
    await waitFor(() => expect(callsTo("POST", "/auth/reset-password")).toEqual([{ token, password: "NewSecret1" }]));
  }
  it.each([
    ["#token=", "/reset-password#token=fragment789"],
    ["?token=", "/reset-password?token=fragment789"],
  ])("leaves no %s in the route's location, and still resets with the token", async (_, path) => {
    mockApi({ "POST /auth/reset-password": { message: "Changed" } });
    window.history.replaceState(null, "", "/reset-password");
    renderAt(path);
    expect(await screen.findByRole("heading", { name: RECOVERY_TEXTS.resetTitle })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/reset-password"));
    await resetsWithToken("fragment789");
  });

  it("takes a link opened while the page already shows (only the fragment changes) and clears it too", async () => {
    mockApi({ "POST /auth/reset-password": { message: "Changed" } });
    renderAt("/reset-password");
    await screen.findByRole("heading", { name: RECOVERY_TEXTS.resetTitle });
    act(() => navigateTo?.("/reset-password#token=later321"));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/reset-password"));
    await resetsWithToken("later321");
  });

  it("tells the browser to send no Referer from the reset page", async () => {
    renderAt("/reset-password#token=abc123");
    await screen.findByRole("heading", { name: RECOVERY_TEXTS.resetTitle });
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute("content")).toBe("no-referrer");
  });
});
