import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { register } from "../src/lib/auth/api/register";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/register", () => ({ register: vi.fn() }));

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

  it("pre-fills the referral code from ?ref and shows the bonus hint", async () => {
    renderApp("/register?ref=AMINA123");
    const code = (await screen.findByLabelText(/^Referral Code/)) as HTMLInputElement;
    expect(code.value).toBe("AMINA123");
    expect(screen.getByText(/Referral code applied/)).toBeTruthy();
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

  it("falls back to 'Registration failed' when the server gives no message", async () => {
    vi.mocked(register).mockRejectedValue(new ApiError(0));
    renderApp("/register");
    await fillForm("secret123", "secret123");
    submit();
    expect(await screen.findByText("Registration failed")).toBeTruthy();
  });
});
