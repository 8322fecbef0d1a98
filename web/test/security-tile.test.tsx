import { SECURITY_MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
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
/** The whole app renders in each test; on a busy two-core machine a long flow outlasts vitest's default 5 s. */
const SLOW_SCREEN_MS = 20_000;
const recoveryCodes = [
  "abcde-fghjk",
  "mnpqr-stuvw",
  "xyz23-45678",
  "9abcd-efghj",
  "kmnpq-rstuv",
  "wxyz2-34567",
  "89abc-defgh",
  "jkmnp-qrstu",
  "vwxyz-23456",
  "789ab-cdefg",
];

async function openSecurity() {
  // The first screen of a file loads its lazy routes; on a busy two-core machine that can take longer than 5 s.
  const tile = await screen.findByRole("button", { name: new RegExp(`^${SECURITY_TEXTS.title}`) }, { timeout: 15_000 });
  fireEvent.click(tile);
  return within(await screen.findByRole("dialog", { name: SECURITY_TEXTS.title }));
}

type Screen = Pick<ReturnType<typeof within>, "getByLabelText" | "getByRole">;

function passwordField(dialog: Screen) {
  return dialog.getByLabelText(new RegExp(`^${SECURITY_TEXTS.passwordLabel}`));
}

/** Fills the password and the code (either code field: the app's, or the app's or a recovery code), then submits. */
function confirmWith(dialog: Screen, { password, code }: { password: string; code: string }, submit: string) {
  fireEvent.change(passwordField(dialog), { target: { value: password } });
  fireEvent.change(dialog.getByLabelText(new RegExp(`^${SECURITY_TEXTS.codeLabel}`)), { target: { value: code } });
  fireEvent.click(dialog.getByRole("button", { name: submit }));
}

describe("Security tile: two-factor sign-in (design.md §11, §12.2)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
  });

  it("says on the tile that two-factor sign-in is off", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    expect(await screen.findByText(SECURITY_TEXTS.tileOff, undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it("turns it on with a code and the password: a QR code, the key as text, then the recovery codes once", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/2fa/setup": setup,
      "POST /auth/2fa/enable": { message: "on", user: aUser({ twoFactorEnabled: true }), recoveryCodes },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    expect(dialog.getByText(SECURITY_TEXTS.off)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }));

    const qr = (await dialog.findByRole("img", { name: SECURITY_TEXTS.qrAlt })) as HTMLImageElement;
    expect(qr.src.startsWith("data:image/svg+xml")).toBe(true);
    expect(dialog.getByText("JBSW Y3DP EHPK 3PXP JBSW Y3DP")).toBeTruthy();
    expect(dialog.getByRole("button", { name: SECURITY_TEXTS.copySecret })).toBeTruthy();
    expect(document.activeElement).toBe(passwordField(dialog));

    confirmWith(dialog, { password: "Secret123!", code: "123 456" }, SECURITY_TEXTS.confirmOn);
    // Said once, above the codes: no toast repeats it over the list.
    expect(await dialog.findByText(`${SECURITY_TEXTS.enabled} ${SECURITY_TEXTS.otherSessionsEnded}`)).toBeTruthy();
    expect(screen.queryByText(SECURITY_TEXTS.enabled)).toBeNull();
    expect(callsTo("POST", "/auth/2fa/enable")).toEqual([{ code: "123456", password: "Secret123!" }]);

    const list = await dialog.findByRole("list", { name: SECURITY_TEXTS.codesListLabel });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(dialog.getByText(SECURITY_TEXTS.codesShownOnce)).toBeTruthy();
    expect(dialog.getByText(new RegExp(SECURITY_TEXTS.otherSessionsEnded))).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByRole("heading", { name: SECURITY_TEXTS.codesTitle }));
    expect(dialog.getByText(SECURITY_TEXTS.on)).toBeTruthy();
    expect(screen.getByText(SECURITY_TEXTS.tileOn)).toBeTruthy();

    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.codesSaved }));
    await waitFor(() => expect(dialog.queryByRole("list", { name: SECURITY_TEXTS.codesListLabel })).toBeNull());
    expect(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff })).toBeTruthy();
    expect(dialog.getByRole("button", { name: SECURITY_TEXTS.regenerate })).toBeTruthy();
    expect(document.activeElement).toBe(dialog.getByRole("heading", { name: SECURITY_TEXTS.heading }));
  });

  it("asks for the password before sending anything", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "POST /auth/2fa/setup": setup });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOn }));
    await dialog.findByRole("img", { name: SECURITY_TEXTS.qrAlt });
    confirmWith(dialog, { password: "", code: "123456" }, SECURITY_TEXTS.confirmOn);
    expect(await dialog.findByText("Password is required")).toBeTruthy();
    expect(callsTo("POST", "/auth/2fa/enable")).toEqual([]);
  });

  it("shows the server's message for a wrong code or password and keeps the setup open", async () => {
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
    confirmWith(dialog, { password: "Secret123!", code: "000000" }, SECURITY_TEXTS.confirmOn);
    expect((await dialog.findByRole("alert")).textContent).toContain(wrongCode);
    expect(dialog.getByRole("img", { name: SECURITY_TEXTS.qrAlt })).toBeTruthy();
    expect(dialog.queryByRole("list", { name: SECURITY_TEXTS.codesListLabel })).toBeNull();
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

  it("turns it off with the password and a recovery code", async () => {
    mockApi({
      "GET /auth/me": { user: aUser({ role: "admin", twoFactorEnabled: true }) },
      "POST /auth/2fa/disable": { message: "off", user: aUser({ role: "admin", twoFactorEnabled: false }) },
    });
    renderApp("/dashboard/account");
    expect(await screen.findByText(SECURITY_TEXTS.tileOn, undefined, { timeout: 15_000 })).toBeTruthy();
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff }));
    expect(dialog.getByText(SECURITY_TEXTS.disablePrompt)).toBeTruthy();
    confirmWith(dialog, { password: "Secret123!", code: "ABCDE-FGHJK" }, SECURITY_TEXTS.confirmOff);
    expect(await screen.findByText(SECURITY_TEXTS.disabled)).toBeTruthy();
    expect(callsTo("POST", "/auth/2fa/disable")).toEqual([{ code: "abcdefghjk", password: "Secret123!" }]);
    await waitFor(() => expect(screen.getByText(SECURITY_TEXTS.tileOff)).toBeTruthy());
  });

  it("refuses a code that is neither 6 digits nor a recovery code without asking the server", async () => {
    mockApi({ "GET /auth/me": { user: aUser({ twoFactorEnabled: true }) } });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff }));
    confirmWith(dialog, { password: "Secret123!", code: "12345" }, SECURITY_TEXTS.confirmOff);
    expect(await dialog.findByText(SECURITY_MESSAGES.invalidRecoveryCode)).toBeTruthy();
    expect(callsTo("POST", "/auth/2fa/disable")).toEqual([]);
  });

  it("shows a lock of the second factor with the server's words, saying when", async () => {
    const locked = "Too many wrong codes. Try again after 14:05.";
    mockApi({
      "GET /auth/me": { user: aUser({ twoFactorEnabled: true }) },
      "POST /auth/2fa/disable": () => {
        throw new ApiError(429, locked);
      },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.turnOff }));
    confirmWith(dialog, { password: "Secret123!", code: "111111" }, SECURITY_TEXTS.confirmOff);
    expect((await dialog.findByRole("alert")).textContent).toContain(locked);
    expect(screen.getByText(SECURITY_TEXTS.tileOn)).toBeTruthy();
  });

  it("makes new recovery codes with the password and a code, and says the old ones stopped working", async () => {
    const fresh = recoveryCodes.map((code) => code.split("").reverse().join(""));
    mockApi({
      "GET /auth/me": { user: aUser({ twoFactorEnabled: true }) },
      "POST /auth/2fa/recovery-codes": { message: "new", recoveryCodes: fresh },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.regenerate }));
    expect(dialog.getByText(SECURITY_TEXTS.regeneratePrompt)).toBeTruthy();
    confirmWith(dialog, { password: "Secret123!", code: "654321" }, SECURITY_TEXTS.confirmRegenerate);
    expect(await dialog.findByText(SECURITY_TEXTS.regenerated)).toBeTruthy();
    expect(callsTo("POST", "/auth/2fa/recovery-codes")).toEqual([{ code: "654321", password: "Secret123!" }]);
    const list = await dialog.findByRole("list", { name: SECURITY_TEXTS.codesListLabel });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(fresh);
    expect(screen.getAllByText(SECURITY_TEXTS.regenerated)).toHaveLength(1);
  });
});

describe("recovery codes, shown once (design.md §12.2)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
    mockApi({
      "GET /auth/me": { user: aUser({ twoFactorEnabled: true }) },
      "POST /auth/2fa/recovery-codes": { message: "new", recoveryCodes },
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function showCodes() {
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.regenerate }));
    confirmWith(dialog, { password: "Secret123!", code: "654321" }, SECURITY_TEXTS.confirmRegenerate);
    await dialog.findByRole("list", { name: SECURITY_TEXTS.codesListLabel });
    return dialog;
  }

  it("copies all ten, one a line", async () => {
    const writeText = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue();
    const dialog = await showCodes();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.copyCodesLabel }));
    expect(await screen.findByText(SECURITY_TEXTS.codesCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${recoveryCodes.join("\n")}\n`);
  });

  it("downloads them as a text file that says whose they are and how they work", async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved = blob as Blob;
      return "blob:recovery-codes";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const dialog = await showCodes();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.downloadCodesLabel }));

    expect(clicked.map((link) => [link.download, link.href])).toEqual([
      [SECURITY_TEXTS.codesFileName, "blob:recovery-codes"],
    ]);
    const text = (await saved?.text()) ?? "";
    expect(text).toContain(aUser().email);
    expect(text).toContain(SECURITY_TEXTS.codesExplain);
    for (const code of recoveryCodes) expect(text).toContain(`\n${code}\n`);
  });

  it("are gone once the user says they are saved, and opening the tile again does not show them", async () => {
    const dialog = await showCodes();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.codesSaved }));
    await waitFor(() => expect(screen.queryByText(recoveryCodes[0] ?? "")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const again = await openSecurity();
    expect(again.queryByRole("list", { name: SECURITY_TEXTS.codesListLabel })).toBeNull();
  });
});

describe("Sign out of all devices (design.md §12.2)", { timeout: SLOW_SCREEN_MS }, () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    vi.mocked(apiRequest).mockReset();
  });

  it("asks first; cancelling sends nothing and gives the focus back", async () => {
    mockApi({ "GET /auth/me": { user: aUser() } });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere }));
    const question = dialog.getByRole("heading", { name: SECURITY_TEXTS.signOutConfirmTitle });
    expect(document.activeElement).toBe(question);
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.cancel }));
    await waitFor(() =>
      expect(document.activeElement).toBe(dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere })),
    );
    expect(callsTo("POST", "/auth/logout-all")).toEqual([]);
    expect(localStorage.getItem("token")).toBe("investor-token");
  });

  it("ends every session, forgets this one and goes to the login page saying so", async () => {
    mockApi({ "GET /auth/me": { user: aUser() }, "POST /auth/logout-all": "" });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere }));
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.confirmSignOut }));
    expect(await screen.findByText(SECURITY_TEXTS.signedOutEverywhere)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/login"));
    expect(callsTo("POST", "/auth/logout-all")).toHaveLength(1);
    expect(localStorage.getItem("token")).toBeNull();
  });

  it("keeps the session and says why when the server cannot be reached", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "POST /auth/logout-all": () => {
        throw new ApiError(0);
      },
    });
    renderApp("/dashboard/account");
    const dialog = await openSecurity();
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.signOutEverywhere }));
    fireEvent.click(dialog.getByRole("button", { name: SECURITY_TEXTS.confirmSignOut }));
    expect((await dialog.findByRole("alert")).textContent).toContain(SECURITY_TEXTS.signOutFailed);
    expect(localStorage.getItem("token")).toBe("investor-token");
    expect(screen.getByTestId("current-path").textContent).toBe("/dashboard/account");
  });
});

describe("admin console while admins must use two-factor sign-in", { timeout: SLOW_SCREEN_MS }, () => {
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
        return { message: "on", user: aUser({ role: "admin", twoFactorEnabled: true }), recoveryCodes };
      },
    });
    renderApp("/admin/overview");
    expect(await screen.findByRole("heading", { name: SECURITY_TEXTS.adminRequiredTitle })).toBeTruthy();
    expect(screen.getByText(SECURITY_TEXTS.adminRequired)).toBeTruthy();
    expect(screen.queryByText(/We could not load/)).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: SECURITY_TEXTS.turnOn }));
    await screen.findByRole("img", { name: SECURITY_TEXTS.qrAlt });
    confirmWith(screen, { password: "Admin@12345", code: "123456" }, SECURITY_TEXTS.confirmOn);
    // The console waits until the admin has seen and saved the recovery codes.
    expect(await screen.findByRole("list", { name: SECURITY_TEXTS.codesListLabel })).toBeTruthy();
    expect(screen.getByRole("heading", { name: SECURITY_TEXTS.adminRequiredTitle })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: SECURITY_TEXTS.codesSaved }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: SECURITY_TEXTS.adminRequiredTitle })).toBeNull());
    expect(await screen.findByText("Total Users")).toBeTruthy();
  });
});
