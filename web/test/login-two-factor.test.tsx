import { MESSAGES, SECURITY_MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { TWO_FACTOR_LOGIN_TEXTS } from "../src/features/auth/lib/auth-texts";
import { ApiError } from "../src/lib/api-client";
import { login } from "../src/lib/auth/api/login";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/login", () => ({ login: vi.fn() }));

const codeRequired = () => new ApiError(401, MESSAGES.invalidTwoFactorCode, undefined, { twoFactorRequired: true });
const wrongCode = "That code is not right. Check the code in your authenticator app and try again.";

async function signIn() {
  await screen.findByRole("button", { name: "Sign In" });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "amina@example.com" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Secret123!" } });
  fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
}

async function enterCode(code: string) {
  fireEvent.change(await screen.findByLabelText(new RegExp(`^${TWO_FACTOR_LOGIN_TEXTS.codeLabel}`)), {
    target: { value: code },
  });
  fireEvent.click(screen.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }));
}

describe("sign-in with two-factor sign-in (design.md §11)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(login).mockReset();
  });

  it("asks for the 6-digit code and signs in with it", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(codeRequired())
      .mockResolvedValueOnce({ token: "token", user: aUser({ twoFactorEnabled: true }) });
    renderApp("/login");
    await signIn();
    expect(await screen.findByText(TWO_FACTOR_LOGIN_TEXTS.prompt)).toBeTruthy();
    const field = screen.getByLabelText(new RegExp(`^${TWO_FACTOR_LOGIN_TEXTS.codeLabel}`));
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    // A recovery code may stand in for the code, and the step says so.
    expect(screen.getByText(TWO_FACTOR_LOGIN_TEXTS.recoveryHint)).toBeTruthy();
    // The first answer is the prompt, not an error: nothing is shown as a failure.
    expect(screen.queryByText(MESSAGES.invalidTwoFactorCode)).toBeNull();

    await enterCode("123 456");
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenLastCalledWith({ email: "amina@example.com", password: "Secret123!", otp: "123456" });
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
  });

  it("shows the server's message under the field for a wrong code and lets the user try again", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(codeRequired())
      .mockRejectedValueOnce(new ApiError(401, wrongCode, undefined, { twoFactorRequired: true }));
    renderApp("/login");
    await signIn();
    await enterCode("000000");
    expect(await screen.findAllByText(wrongCode)).toHaveLength(1);
    expect(screen.getByTestId("current-path").textContent).toBe("/login");
    expect(screen.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify })).toBeTruthy();
  });

  it("signs in with a recovery code typed as shown (xxxxx-xxxxx), in place of the 6-digit code", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(codeRequired())
      .mockResolvedValueOnce({ token: "token", user: aUser({ twoFactorEnabled: true }) });
    renderApp("/login");
    await signIn();
    await enterCode("ABCDE-23456");
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenLastCalledWith({ email: "amina@example.com", password: "Secret123!", otp: "abcde23456" });
  });

  it("checks the code's form before sending it", async () => {
    vi.mocked(login).mockRejectedValueOnce(codeRequired());
    renderApp("/login");
    await signIn();
    await enterCode("12ab");
    expect(await screen.findByText(SECURITY_MESSAGES.invalidRecoveryCode)).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
  });

  it("goes back to email and password to use another account", async () => {
    vi.mocked(login).mockRejectedValueOnce(codeRequired());
    renderApp("/login");
    await signIn();
    fireEvent.click(await screen.findByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.back }));
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe("amina@example.com");
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe("");
  });

  it("keeps a wrong password a plain toast, without asking for a code", async () => {
    vi.mocked(login).mockRejectedValueOnce(new ApiError(401, "Invalid email or password"));
    renderApp("/login");
    await signIn();
    expect(await screen.findByText("Invalid email or password")).toBeTruthy();
    expect(screen.queryByText(TWO_FACTOR_LOGIN_TEXTS.prompt)).toBeNull();
  });
});
