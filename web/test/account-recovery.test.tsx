import { MESSAGES, SECURITY_MESSAGES } from "@jengafund/shared";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PROOF_OF_WORK_TEXTS, RECOVERY_TEXTS } from "../src/features/auth/lib/auth-texts";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { altchaWidget, defineFakeAltcha, solveAltcha } from "./fake-altcha";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));
vi.mock("altcha", async () => {
  (await import("./fake-altcha")).defineFakeAltcha();
  return {};
});

const sameForEveryone =
  "If an account exists for that email, we have sent a link to reset its password. The link works for 30 minutes.";

function currentPath() {
  return screen.getByTestId("current-path").textContent;
}

async function askForLink(email: string) {
  fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: email } });
  fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.sendLink }));
}

async function setNewPassword(password: string, confirmPassword = password) {
  fireEvent.change(await screen.findByLabelText(new RegExp(`^${RECOVERY_TEXTS.newPassword}`)), {
    target: { value: password },
  });
  fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: confirmPassword } });
  fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.savePassword }));
}

describe("forgot password (design.md §11)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(apiRequest).mockReset();
  });

  it("is reached from the sign-in page's Forgot password? link", async () => {
    renderApp("/login");
    fireEvent.click(await screen.findByRole("link", { name: RECOVERY_TEXTS.forgotLink }));
    expect(await screen.findByRole("heading", { name: RECOVERY_TEXTS.forgotTitle })).toBeTruthy();
    expect(currentPath()).toBe("/forgot-password");
  });

  it("sends the email and shows the server's confirmation, the same for any address", async () => {
    mockApi({ "POST /auth/forgot-password": { message: sameForEveryone } });
    renderApp("/forgot-password");
    await askForLink(" Amina@Example.com ");
    expect(await screen.findByText(RECOVERY_TEXTS.sentTitle)).toBeTruthy();
    expect(screen.getByText(sameForEveryone)).toBeTruthy();
    expect(screen.getByText(RECOVERY_TEXTS.sentHint)).toBeTruthy();
    expect(callsTo("POST", "/auth/forgot-password")).toEqual([{ email: "amina@example.com" }]);

    fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.sendAgain }));
    await waitFor(() => expect(callsTo("POST", "/auth/forgot-password")).toHaveLength(2));
  });

  it("shows progress while sending", async () => {
    mockApi({ "POST /auth/forgot-password": () => new Promise(() => {}) });
    renderApp("/forgot-password");
    await askForLink("amina@example.com");
    const button = await screen.findByRole("button", { name: new RegExp(RECOVERY_TEXTS.sending) });
    expect(button.hasAttribute("disabled") || button.getAttribute("data-loading") !== null).toBe(true);
  });

  it("checks the email before sending anything", async () => {
    renderApp("/forgot-password");
    await askForLink("not-an-email");
    expect(await screen.findByText(MESSAGES.invalidEmail)).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("shows the server's limit message on a 429 and our own words when offline", async () => {
    const limit = "Too many password reset requests. Please try again in 12 minutes.";
    mockApi({
      "POST /auth/forgot-password": () => {
        throw new ApiError(429, limit);
      },
    });
    renderApp("/forgot-password");
    await askForLink("amina@example.com");
    expect((await screen.findByRole("alert")).textContent).toContain(limit);

    mockApi({
      "POST /auth/forgot-password": () => {
        throw new ApiError(0);
      },
    });
    fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.sendLink }));
    expect(await screen.findByText(RECOVERY_TEXTS.sendFailed)).toBeTruthy();
  });

  it("past the email's limit shows the proof-of-work check, and sends the link with its solution", async () => {
    defineFakeAltcha();
    const reason =
      "Many reset links were asked for this email in the last hour. Complete the check below, then ask again.";
    const challenge = { parameters: { algorithm: "PBKDF2/SHA-256" }, signature: "sig" };
    let asked = 0;
    mockApi({
      "POST /auth/forgot-password": () => {
        asked += 1;
        if (asked === 1) throw new ApiError(429, reason, undefined, { challengeRequired: true, challenge });
        return { message: sameForEveryone };
      },
    });
    renderApp("/forgot-password");
    expect(altchaWidget()).toBeNull();
    await askForLink("amina@example.com");
    expect((await screen.findByRole("alert")).textContent).toContain(reason);
    await waitFor(() => expect(altchaWidget()?.configuration).toMatchObject({ challenge }));

    // Not sent again before the check is solved.
    fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.sendLink }));
    expect(await screen.findByText(PROOF_OF_WORK_TEXTS.unsolved)).toBeTruthy();
    expect(callsTo("POST", "/auth/forgot-password")).toHaveLength(1);

    act(() => solveAltcha("solved"));
    fireEvent.click(screen.getByRole("button", { name: RECOVERY_TEXTS.sendLink }));
    expect(await screen.findByText(RECOVERY_TEXTS.sentTitle)).toBeTruthy();
    expect(callsTo("POST", "/auth/forgot-password")).toEqual([
      { email: "amina@example.com" },
      { email: "amina@example.com", altcha: "solved" },
    ]);
    expect(altchaWidget()).toBeNull();
  });
});

describe("reset password (design.md §11)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(apiRequest).mockReset();
  });

  it("sets the new password, then sends the user to /login with a toast", async () => {
    const done = "Your password has been changed. Please log in with your new password.";
    mockApi({ "POST /auth/reset-password": { message: done } });
    renderApp("/reset-password?token=abc123");
    expect(await screen.findByRole("heading", { name: RECOVERY_TEXTS.resetTitle })).toBeTruthy();
    await setNewPassword("NewSecret1");
    expect(await screen.findByText(done)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe("/login"));
    expect(callsTo("POST", "/auth/reset-password")).toEqual([{ token: "abc123", password: "NewSecret1" }]);
  });

  it("holds the register form's rules: the entries must match and be 6 characters long", async () => {
    renderApp("/reset-password?token=abc123");
    await setNewPassword("NewSecret1", "NewSecret2");
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    await setNewPassword("short");
    expect(await screen.findByText(MESSAGES.passwordTooShort)).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it("shows the server's message for a used or expired link, with a way to ask for a new one", async () => {
    mockApi({
      "POST /auth/reset-password": () => {
        throw new ApiError(400, MESSAGES.invalidResetLink);
      },
    });
    renderApp("/reset-password?token=used");
    await setNewPassword("NewSecret1");
    expect((await screen.findByRole("alert")).textContent).toContain(MESSAGES.invalidResetLink);
    fireEvent.click(screen.getByRole("link", { name: RECOVERY_TEXTS.requestNewLink }));
    await waitFor(() => expect(currentPath()).toBe("/forgot-password"));
  });

  it("shows the server's refusal of a common password, and keeps the form", async () => {
    mockApi({
      "POST /auth/reset-password": () => {
        throw new ApiError(400, SECURITY_MESSAGES.passwordTooCommon);
      },
    });
    renderApp("/reset-password?token=abc123");
    await setNewPassword("password1");
    // Under the password field, with the form kept: the link still works for another password.
    expect(await screen.findByText(SECURITY_MESSAGES.passwordTooCommon)).toBeTruthy();
    expect(screen.getByRole("button", { name: RECOVERY_TEXTS.savePassword })).toBeTruthy();
    expect(screen.queryByRole("link", { name: RECOVERY_TEXTS.requestNewLink })).toBeNull();
  });

  it("keeps the form for a failure on the way, so the user can try again", async () => {
    mockApi({
      "POST /auth/reset-password": () => {
        throw new ApiError(0);
      },
    });
    renderApp("/reset-password?token=abc123");
    await setNewPassword("NewSecret1");
    expect(await screen.findByText(RECOVERY_TEXTS.resetFailed)).toBeTruthy();
    expect(screen.getByRole("button", { name: RECOVERY_TEXTS.savePassword })).toBeTruthy();
  });

  it("explains a link without a token and links to a new one", async () => {
    renderApp("/reset-password");
    expect(await screen.findByText(RECOVERY_TEXTS.missingToken)).toBeTruthy();
    expect(screen.getByRole("link", { name: RECOVERY_TEXTS.requestNewLink }).getAttribute("href")).toBe(
      "/forgot-password",
    );
    expect(screen.queryByRole("button", { name: RECOVERY_TEXTS.savePassword })).toBeNull();
  });
});
