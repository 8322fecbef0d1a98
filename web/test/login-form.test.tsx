import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PROOF_OF_WORK_TEXTS } from "../src/features/auth/lib/auth-texts";
import { ApiError } from "../src/lib/api-client";
import { login } from "../src/lib/auth/api/login";
import { altchaWidget, defineFakeAltcha, solveAltcha } from "./fake-altcha";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/auth/api/login", () => ({ login: vi.fn() }));
vi.mock("altcha", async () => {
  (await import("./fake-altcha")).defineFakeAltcha();
  return {};
});

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

describe("login form past the account's limit: the proof-of-work check (design.md §12.2)", () => {
  const challenge = { parameters: { algorithm: "PBKDF2/SHA-256", salt: "ab" }, signature: "sig-1" };
  const reason =
    "This account has had many failed sign-ins in the last hour. Complete the check below, then sign in again.";
  const challengeRequired = (signature = "sig-1") =>
    new ApiError(401, reason, undefined, { challengeRequired: true, challenge: { ...challenge, signature } });

  beforeEach(() => {
    localStorage.clear();
    vi.mocked(login).mockReset();
    defineFakeAltcha();
  });

  it("shows no check until the server asks for one", async () => {
    vi.mocked(login).mockRejectedValue(new ApiError(401, "Invalid email or password"));
    renderApp("/login");
    await signIn();
    expect(await screen.findAllByText("Invalid email or password")).toHaveLength(1);
    expect(screen.queryByTestId("proof-of-work")).toBeNull();
    expect(altchaWidget()).toBeNull();
  });

  it("shows the check with the server's reason, gives the widget the challenge, and signs in with its solution", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(challengeRequired())
      .mockResolvedValueOnce({ token: "token", user: aUser() });
    renderApp("/login");
    await signIn();
    expect(await screen.findByText(reason)).toBeTruthy();
    await waitFor(() => expect(altchaWidget()?.configuration).toMatchObject({ challenge, auto: "onload" }));
    // Not a failure toast: the form says what to do instead.
    expect(screen.queryByText("Login failed")).toBeNull();

    act(() => solveAltcha("solved-payload"));
    fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Login successful!")).toBeTruthy();
    expect(login).toHaveBeenLastCalledWith({
      email: "admin@jengafund.local",
      password: "Admin@12345",
      altcha: "solved-payload",
    });
  });

  it("does not send the login before the check is solved", async () => {
    vi.mocked(login).mockRejectedValueOnce(challengeRequired());
    renderApp("/login");
    await signIn();
    await waitFor(() => expect(altchaWidget()?.configuration).toBeDefined());
    fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(PROOF_OF_WORK_TEXTS.unsolved)).toBeTruthy();
    expect(login).toHaveBeenCalledTimes(1);
  });

  it("sends each solution once: a wrong password after it hides the check until the server asks again", async () => {
    vi.mocked(login)
      .mockRejectedValueOnce(challengeRequired())
      .mockRejectedValueOnce(new ApiError(401, "Invalid email or password"))
      .mockRejectedValueOnce(challengeRequired("sig-2"));
    renderApp("/login");
    await signIn();
    await waitFor(() => expect(altchaWidget()?.configuration).toBeDefined());
    act(() => solveAltcha("solved-payload"));
    fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findAllByText("Invalid email or password")).toHaveLength(1);
    await waitFor(() => expect(altchaWidget()).toBeNull());

    fireEvent.submit(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() =>
      expect(altchaWidget()?.configuration).toMatchObject({ challenge: { ...challenge, signature: "sig-2" } }),
    );
    expect(vi.mocked(login).mock.calls.map(([input]) => input.altcha)).toEqual([
      undefined,
      "solved-payload",
      undefined,
    ]);
  });
});
