import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SECURITY_TEXTS } from "../src/features/account/lib/security-texts";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const setup = {
  secret: "JBSWY3DPEHPK3PXPJBSWY3DP",
  otpauthUrl: "otpauth://totp/JengaFund:amina%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=JengaFund",
};
const wrongCode = "That code is not right. Check the code in your authenticator app and try again.";

async function openSecurity() {
  fireEvent.click(await screen.findByRole("button", { name: new RegExp(`^${SECURITY_TEXTS.title}`) }));
  return within(await screen.findByRole("dialog", { name: SECURITY_TEXTS.title }));
}

function enterCode(dialog: ReturnType<typeof within>, code: string, submit: string) {
  fireEvent.change(dialog.getByLabelText(new RegExp(`^${SECURITY_TEXTS.codeLabel}`)), { target: { value: code } });
  fireEvent.click(dialog.getByRole("button", { name: submit }));
}

describe("Security tile: two-factor sign-in (design.md §11)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
  });

  it("says on the tile that two-factor sign-in is off", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    expect(await screen.findByText(SECURITY_TEXTS.tileOff)).toBeTruthy();
  });

  it("turns it on: a QR code, the key as text, then a code; the tile follows", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/2fa/setup": setup,
      "POST /auth/2fa/enable": { message: "on", user: aUser({ twoFactorEnabled: true }) },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    expect(dialog.getByText(SECURITY_TEXTS.off)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }));

    const qr = (await dialog.findByRole("img", { name: SECURITY_TEXTS.qrAlt })) as HTMLImageElement;
    expect(qr.src.startsWith("data:image/svg+xml")).toBe(true);
    expect(dialog.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP")).toBeTruthy();
    expect(dialog.getByRole("button", { name: SECURITY_TEXTS.copySecret })).toBeTruthy();

    enterCode(dialog, "123456", SECURITY_TEXTS.confirmOn);
    expect(await screen.findByText(SECURITY_TEXTS.enabled)).toBeTruthy();
    expect(callsTo("POST", "/auth/2fa/enable")).toEqual([{ code: "123456" }]);
    expect(await dialog.findByText(SECURITY_TEXTS.on)).toBeTruthy();
    expect(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff })).toBeTruthy();
    expect(screen.getByText(SECURITY_TEXTS.tileOn)).toBeTruthy();
  });

  it("shows the server's message for a wrong code and keeps the setup open", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/2fa/setup": setup,
      "POST /auth/2fa/enable": () => {
        throw new ApiError(400, wrongCode);
      },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }));
    await dialog.findByRole("img", { name: SECURITY_TEXTS.qrAlt });
    enterCode(dialog, "000000", SECURITY_TEXTS.confirmOn);
    expect(await dialog.findByText(wrongCode)).toBeTruthy();
    expect(dialog.getByRole("img", { name: SECURITY_TEXTS.qrAlt })).toBeTruthy();
  });

  it("says so when the setup cannot start", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/2fa/setup": () => {
        throw new ApiError(0);
      },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }));
    expect(await dialog.findByText(SECURITY_TEXTS.setupFailed)).toBeTruthy();
  });

  it("turns it off with a code", async () => {
    mockApi({
      "GET /auth/me": { user: aUser({ role: "admin", twoFactorEnabled: true }) },
      "POST /auth/2fa/disable": { message: "off", user: aUser({ role: "admin", twoFactorEnabled: false }) },
    });
    renderApp("/dashboard/account");
    expect(await screen.findByText(SECURITY_TEXTS.tileOn)).toBeTruthy();
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff }));
    expect(dialog.getByText(SECURITY_TEXTS.disablePrompt)).toBeTruthy();
    enterCode(dialog, "654321", SECURITY_TEXTS.confirmOff);
    expect(await screen.findByText(SECURITY_TEXTS.disabled)).toBeTruthy();
    expect(callsTo("POST", "/auth/2fa/disable")).toEqual([{ code: "654321" }]);
    await waitFor(() => expect(screen.getByText(SECURITY_TEXTS.tileOff)).toBeTruthy());
  });
});

describe("admin console while admins must use two-factor sign-in", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockReset();
  });

  it("shows the setup with an explanation instead of an error, then opens the console once it is on", async () => {
    let twoFactorOn = false;
    const stats = {
      totalUsers: 3,
      totalPackages: 9,
      totalInvestments: 0,
      activeInvestments: 0,
      totalTransactions: 0,
      pendingWithdrawals: 0,
      totalRevenue: 0,
      newUsersToday: 1,
    };
    mockApi({
      "GET /auth/me": { user: aUser({ role: "admin" }) },
      "GET /admin/stats": () => {
        if (!twoFactorOn) {
          throw new ApiError(403, "Admin accounts must use two-factor sign-in.", undefined, {
            twoFactorSetupRequired: true,
          });
        }
        return { stats };
      },
      "POST /auth/2fa/setup": setup,
      "POST /auth/2fa/enable": () => {
        twoFactorOn = true;
        return { message: "on", user: aUser({ role: "admin", twoFactorEnabled: true }) };
      },
    });
    renderApp("/admin/overview");
    expect(await screen.findByRole("heading", { name: SECURITY_TEXTS.adminRequiredTitle })).toBeTruthy();
    expect(screen.getByText(SECURITY_TEXTS.adminRequired)).toBeTruthy();
    expect(screen.queryByText(/We could not load/)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: SECURITY_TEXTS.turnOn }));
    await screen.findByRole("img", { name: SECURITY_TEXTS.qrAlt });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${SECURITY_TEXTS.codeLabel}`)), {
      target: { value: "123456" },
    });
    fireEvent.click(screen.getByRole("button", { name: SECURITY_TEXTS.confirmOn }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: SECURITY_TEXTS.adminRequiredTitle })).toBeNull());
    expect(await screen.findByText("Total Users")).toBeTruthy();
  });
});
