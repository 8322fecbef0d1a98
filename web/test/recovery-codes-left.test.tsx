import { MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SECURITY_TEXTS } from "../src/features/account/lib/security-texts";
import { RECOVERY_CODES_LEFT_TEXTS, TWO_FACTOR_LOGIN_TEXTS } from "../src/features/auth/lib/auth-texts";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { login } from "../src/lib/auth/api/login";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/login", () => ({ login: vi.fn() }));
vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/** The whole app renders, and the dashboard's lazy screens load: on a busy two-core machine that outlasts 5 s. */
const SLOW_SCREEN_MS = 20_000;
const user = aUser({ twoFactorEnabled: true });

/** Signs in with the password, then with a recovery code, the server answering `recoveryCodesLeft` (or not). */
async function signInWithRecoveryCode(answer: { recoveryCodesLeft?: number }) {
  vi.mocked(login)
    .mockRejectedValueOnce(new ApiError(401, MESSAGES.invalidTwoFactorCode, undefined, { twoFactorRequired: true }))
    .mockResolvedValueOnce({ token: "token", user, ...answer });
  renderApp("/login");
  await screen.findByRole("button", { name: "Sign In" });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "amina@example.com" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Secret123!" } });
  fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
  fireEvent.change(await screen.findByLabelText(new RegExp(`^${TWO_FACTOR_LOGIN_TEXTS.codeLabel}`)), {
    target: { value: "abcde-23456" },
  });
  fireEvent.click(screen.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }));
  expect(await screen.findByText("Login successful!")).toBeTruthy();
}

describe("after a sign-in with a recovery code (design.md §12.2)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(login).mockReset();
    vi.mocked(apiRequest).mockReset();
    mockApi({ "GET /auth/me": { user } });
  });

  it("says how many codes are left, without asking for new ones while more than three are", async () => {
    await signInWithRecoveryCode({ recoveryCodesLeft: 7 });
    const notice = await screen.findByText(RECOVERY_CODES_LEFT_TEXTS.left(7));
    expect(notice.textContent).toBe("You have 7 recovery codes left");
    expect(screen.queryByText(RECOVERY_CODES_LEFT_TEXTS.fewLeft)).toBeNull();
    expect(screen.queryByRole("link", { name: RECOVERY_CODES_LEFT_TEXTS.makeNew })).toBeNull();
    expect(document.getElementById("recovery-codes-left")?.dataset.in).toBe("true");
  });

  it("with three or fewer left, asks for new ones and links to Account → Security, which opens", async () => {
    await signInWithRecoveryCode({ recoveryCodesLeft: 1 });
    expect((await screen.findByText(RECOVERY_CODES_LEFT_TEXTS.left(1))).textContent).toBe(
      "You have 1 recovery code left",
    );
    expect(screen.getByText(RECOVERY_CODES_LEFT_TEXTS.fewLeft)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));

    fireEvent.click(screen.getByRole("link", { name: RECOVERY_CODES_LEFT_TEXTS.makeNew }));
    const dialog = await screen.findByRole("dialog", { name: SECURITY_TEXTS.title }, { timeout: 15_000 });
    expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/account");
    expect(within(dialog).getByRole("button", { name: SECURITY_TEXTS.regenerate })).toBeTruthy();
    // Followed, the notice has done its work and goes (on its way out: this DOM runs no exit animation to its end).
    await waitFor(() => expect(document.getElementById("recovery-codes-left")?.dataset.in).toBe("false"));
  });

  it("asks for new ones at exactly three left", async () => {
    await signInWithRecoveryCode({ recoveryCodesLeft: 3 });
    expect(await screen.findByText(RECOVERY_CODES_LEFT_TEXTS.left(3))).toBeTruthy();
    expect(screen.getByRole("link", { name: RECOVERY_CODES_LEFT_TEXTS.makeNew })).toBeTruthy();
  });

  it("shows no notice when the answer carries no count (the authenticator's code was used)", async () => {
    await signInWithRecoveryCode({});
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
    expect(screen.queryByText(/recovery codes? left/)).toBeNull();
  });
});
