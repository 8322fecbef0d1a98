import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { login } from "../src/lib/auth/api/login";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/login", () => ({ login: vi.fn() }));

async function signIn() {
  await screen.findByRole("button", { name: "Sign In" });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "Admin@JengaFund.local" } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: "Admin@12345" } });
  fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
}

describe("login form (spec §2, §8)", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(login).mockReset();
  });

  it("signs an admin in and lands on the admin panel", async () => {
    vi.mocked(login).mockResolvedValue({ token: "admin-token", user: aUser({ role: "admin" }) });
    renderApp("/login");
    await signIn();
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenCalledWith({ email: "admin@jengafund.local", password: "Admin@12345" });
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/admin/overview"));
  });

  it("signs an investor in and lands on the dashboard", async () => {
    vi.mocked(login).mockResolvedValue({ token: "token", user: aUser() });
    renderApp("/login");
    await signIn();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/packages"));
  });

  it("shows the server's message once on failure and stays on /login", async () => {
    vi.mocked(login).mockRejectedValue(new ApiError(401, "Invalid email or password"));
    renderApp("/login");
    await signIn();
    expect(await screen.findAllByText("Invalid email or password")).toHaveLength(1);
    expect(screen.getByTestId("current-path").textContent).toBe("/login");
  });

  it("falls back to 'Login failed' without a server message", async () => {
    vi.mocked(login).mockRejectedValue(new ApiError(0));
    renderApp("/login");
    await signIn();
    expect(await screen.findByText("Login failed")).toBeTruthy();
  });

  it("toggles the password between hidden and shown", async () => {
    renderApp("/login");
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    expect(password.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(password.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(password.type).toBe("password");
  });
});
