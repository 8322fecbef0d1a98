import { MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_LINK_TEXTS, TWO_FACTOR_LOGIN_TEXTS } from "../src/features/auth/lib/auth-texts";
import { ApiError } from "../src/lib/api-client";
import { login } from "../src/lib/auth/api/login";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/login", () => ({ login: vi.fn() }));

const LINK_SENT = "We emailed you a sign-in link";

async function signIn(password = "Secret123!") {
  await screen.findByRole("button", { name: "Sign In" });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "amina@example.com" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
}

describe("signing in with the emailed sign-in link (design.md §13.4)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(login).mockReset();
  });

  it("says the password alone is not enough when the server emailed a link, and stays on /login", async () => {
    vi.mocked(login).mockRejectedValue(new ApiError(401, LINK_SENT));
    renderApp("/login");
    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    expect(screen.queryByText(SIGN_IN_LINK_TEXTS.intro)).toBeNull();
    await signIn();
    expect(await screen.findAllByText(LINK_SENT)).toHaveLength(1);
    expect(login).toHaveBeenCalledWith({ email: "amina@example.com", password: "Secret123!" });
    expect(screen.getByTestId("current-path").textContent).toBe("/login");
  });

  it("opened from the link, asks for the password and sends it with the link's token", async () => {
    vi.mocked(login).mockResolvedValue({ token: "token", user: aUser() });
    renderApp("/login?signin=Zm9vYmFyLXRva2VuLW9mLXRoZS1saW5r");
    expect(await screen.findByText(SIGN_IN_LINK_TEXTS.intro)).toBeTruthy();
    await signIn();
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenCalledWith({
      email: "amina@example.com",
      password: "Secret123!",
      signInToken: "Zm9vYmFyLXRva2VuLW9mLXRoZS1saW5r",
    });
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
  });

  it("keeps the link for another try after a wrong password", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(new ApiError(401, "Invalid email or password"))
      .mockResolvedValueOnce({ token: "token", user: aUser() });
    renderApp("/login?signin=link-token");
    await signIn("wrong");
    expect(await screen.findAllByText("Invalid email or password")).toHaveLength(1);
    await signIn();
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenLastCalledWith({
      email: "amina@example.com",
      password: "Secret123!",
      signInToken: "link-token",
    });
  });

  it("sends the link's token with the two-factor code too", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(new ApiError(401, MESSAGES.invalidTwoFactorCode, undefined, { twoFactorRequired: true }))
      .mockResolvedValueOnce({ token: "token", user: aUser({ twoFactorEnabled: true }) });
    renderApp("/login?signin=link-token");
    await signIn();
    fireEvent.change(await screen.findByLabelText(new RegExp(`^${TWO_FACTOR_LOGIN_TEXTS.codeLabel}`)), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: TWO_FACTOR_LOGIN_TEXTS.verify }));
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenLastCalledWith({
      email: "amina@example.com",
      password: "Secret123!",
      otp: "123456",
      signInToken: "link-token",
    });
  });
});
