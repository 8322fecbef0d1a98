import { SECURITY_MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkReferralCode } from "../src/features/auth/api/check-referral-code";
import { ApiError } from "../src/lib/api-client";
import { register } from "../src/lib/auth/api/register";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/register", () => ({ register: vi.fn() }));
vi.mock("../src/features/auth/api/check-referral-code", () => ({ checkReferralCode: vi.fn() }));

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

async function fillForm(password: string, confirmPassword: string) {
  await screen.findByRole("button", { name: "Create Account" });
  fill("First Name", "Amina");
  fill("Last Name", "Wanjiru");
  fill("Email", "amina@example.com");
  fill("Phone Number", "0712345678");
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.change(screen.getByLabelText(/^Confirm Password/), { target: { value: confirmPassword } });
}

const submit = () => fireEvent.submit(screen.getByRole("button", { name: "Create Account" }));

describe("register form (spec §2, §5)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(register).mockReset();
    vi.mocked(checkReferralCode).mockReset();
    vi.mocked(checkReferralCode).mockResolvedValue({ valid: true });
  });

  it("alerts 'Passwords do not match' and does not call the API", async () => {
    renderApp("/register");
    await fillForm("secret123", "secret124");
    submit();
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it("alerts 'Password must be at least 6 characters long'", async () => {
    renderApp("/register");
    await fillForm("abc", "abc");
    submit();
    expect(await screen.findByText("Password must be at least 6 characters long")).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it("shows the shared schema's message under an invalid phone number", async () => {
    renderApp("/register");
    await fillForm("secret123", "secret123");
    fill("Phone Number", "12345");
    submit();
    expect(await screen.findByText(/Please enter a valid Kenyan phone number/)).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it("pre-fills the referral code from ?ref, checks it at once and shows the bonus hint", async () => {
    renderApp("/register?ref=amina123");
    const code = (await screen.findByLabelText(/^Referral Code/)) as HTMLInputElement;
    expect(code.value).toBe("amina123");
    await fillForm("secret123", "secret123");
    expect(
      await screen.findByText(
        "Referral code applied: the friend who invited you earns a KES 100.00 bonus when you make your first investment with deposited money (trial money does not count).",
      ),
    ).toBeTruthy();
    expect(checkReferralCode).toHaveBeenCalledWith("AMINA123");
  });

  it("sends the normalised payload, stores the token and opens the dashboard", async () => {
    vi.mocked(register).mockResolvedValue({ token: "new-token", user: aUser() });
    renderApp("/register?ref=friend1");
    await fillForm("secret123", "secret123");
    submit();
    expect(await screen.findByText("Registration successful! Welcome to JengaFund!")).toBeTruthy();
    expect(register).toHaveBeenCalledWith({
      firstName: "Amina",
      lastName: "Wanjiru",
      email: "amina@example.com",
      phoneNumber: "254712345678",
      password: "secret123",
      referralCode: "FRIEND1",
    });
    expect(localStorage.getItem("token")).toBe("new-token");
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
  });

  it("shows the server's message when registration is refused", async () => {
    vi.mocked(register).mockRejectedValue(new ApiError(409, "Email is already registered"));
    renderApp("/register");
    await fillForm("secret123", "secret123");
    submit();
    expect(await screen.findByText("Email is already registered")).toBeTruthy();
  });

  it("shows the server's refusal of a common password", async () => {
    vi.mocked(register).mockRejectedValue(new ApiError(400, SECURITY_MESSAGES.passwordTooCommon));
    renderApp("/register");
    await fillForm("password1", "password1");
    submit();
    expect(await screen.findByText(SECURITY_MESSAGES.passwordTooCommon)).toBeTruthy();
  });

  it("falls back to 'Registration failed' when the server gives no message", async () => {
    vi.mocked(register).mockRejectedValue(new ApiError(0));
    renderApp("/register");
    await fillForm("secret123", "secret123");
    submit();
    expect(await screen.findByText("Registration failed")).toBeTruthy();
  });

  describe("referral code checked as it is typed", () => {
    const typeCode = async (value: string) => {
      fireEvent.change(await screen.findByLabelText(/^Referral Code/), { target: { value } });
    };
    const createAccount = () => screen.getByRole("button", { name: "Create Account" }) as HTMLButtonElement;

    it("says 'Checking code…' while typing pauses and the answer is awaited, then shows the bonus hint", async () => {
      let answer: (value: { valid: true }) => void = () => undefined;
      vi.mocked(checkReferralCode).mockReturnValue(new Promise((resolve) => (answer = resolve)));
      renderApp("/register");
      await typeCode("fr");
      await typeCode("friend1");
      expect(await screen.findByText("Checking code…")).toBeTruthy();
      expect(screen.queryByText(/Referral code applied/)).toBeNull();
      await waitFor(() => expect(checkReferralCode).toHaveBeenCalledWith("FRIEND1"));
      // Debounced: the half-typed code was never sent.
      expect(checkReferralCode).toHaveBeenCalledTimes(1);
      answer({ valid: true });
      expect(await screen.findByText(/Referral code applied/)).toBeTruthy();
      expect(screen.queryByText("Checking code…")).toBeNull();
      expect(createAccount().disabled).toBe(false);
    });

    it("shows 'Invalid referral code' under an unknown code and disables Create Account", async () => {
      vi.mocked(checkReferralCode).mockRejectedValue(new ApiError(404, "Invalid referral code"));
      renderApp("/register");
      await fillForm("secret123", "secret123");
      await typeCode("NOSUCH99");
      expect(await screen.findByText("Invalid referral code")).toBeTruthy();
      expect(screen.queryByText(/Referral code applied/)).toBeNull();
      expect(createAccount().disabled).toBe(true);
      submit();
      expect(register).not.toHaveBeenCalled();

      // Clearing the code (it is optional) enables the button again.
      await typeCode("");
      await waitFor(() => expect(createAccount().disabled).toBe(false));
      expect(screen.queryByText("Invalid referral code")).toBeNull();
    });

    it("refuses a malformed code at once, without asking the server", async () => {
      renderApp("/register");
      await typeCode("AB-12");
      expect(await screen.findByText("Invalid referral code")).toBeTruthy();
      expect(createAccount().disabled).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(checkReferralCode).not.toHaveBeenCalled();
    });

    it("lets registration go on when the check itself fails; the server still checks the code", async () => {
      vi.mocked(checkReferralCode).mockRejectedValue(new ApiError(0));
      vi.mocked(register).mockResolvedValue({ token: "new-token", user: aUser() });
      renderApp("/register");
      await fillForm("secret123", "secret123");
      await typeCode("FRIEND1");
      expect(await screen.findByText(/could not be checked just now/)).toBeTruthy();
      expect(screen.queryByText("Invalid referral code")).toBeNull();
      expect(createAccount().disabled).toBe(false);
      submit();
      await waitFor(() => expect(register).toHaveBeenCalledWith(expect.objectContaining({ referralCode: "FRIEND1" })));
    });
  });
});
