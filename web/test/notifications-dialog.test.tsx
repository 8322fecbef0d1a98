/**
 * Account → Account Settings → Notifications (design.md §12.6, §13.2): a switch per kind and channel from the user's
 * preferences; security notices always on and locked; saving sends only what changed with the password, takes the
 * answer's user and shows its message once; a missing password shows on its field and sends nothing; a refusal shows
 * the server's message in the dialog.
 */

import { resolveNotificationPreferences } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const switchNamed = (dialog: HTMLElement, name: RegExp | string) =>
  within(dialog).getByRole("checkbox", { name }) as HTMLInputElement;

/** Whether a switch shows on: its root's state, which follows the dialog's choice (not the input's own toggle). */
const isOn = (dialog: HTMLElement, name: RegExp | string) =>
  switchNamed(dialog, name).closest("label")?.getAttribute("data-state") === "checked";

/** Flips a switch and waits until the dialog has taken the change (the switch reports it a moment later). */
async function flip(dialog: HTMLElement, name: string) {
  const was = isOn(dialog, name);
  fireEvent.click(switchNamed(dialog, name));
  await waitFor(() => expect(isOn(dialog, name)).toBe(!was));
}

const typePassword = (dialog: HTMLElement, password: string) =>
  fireEvent.change(within(dialog).getByLabelText(/Your password/), { target: { value: password } });

describe("notification preferences", { timeout: 60_000 }, () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  async function openDialog() {
    renderApp("/dashboard/account");
    // The Account tab is a lazy chunk of several features: its first load in a test can take a while.
    fireEvent.click(await screen.findByRole("button", { name: /Account Settings/ }, { timeout: 30_000 }));
    return screen.findByRole("dialog", { name: "Notifications" });
  }

  it("shows every kind by channel as the user has them, with security notices checked and locked", async () => {
    const user = aUser({ notifications: resolveNotificationPreferences({ sms: { depositCredited: false } }) });
    mockApi({ "GET /auth/me": { user } });
    const dialog = await openDialog();
    expect(isOn(dialog, "Deposit credited by SMS")).toBe(false);
    expect(isOn(dialog, "Deposit credited by Email")).toBe(true);
    expect(isOn(dialog, "Monthly statement by Email")).toBe(true);
    expect(within(dialog).queryByRole("checkbox", { name: "Monthly statement by SMS" })).toBeNull();
    expect(within(dialog).getByText("Not sent by SMS")).toBeTruthy();
    for (const locked of ["Security notices", "Withdrawal requested", "Balance changed by an admin"]) {
      for (const channel of ["SMS", "Email"]) {
        const lockedSwitch = switchNamed(dialog, new RegExp(`^${locked} by ${channel}`));
        expect(lockedSwitch.closest("label")?.getAttribute("data-state")).toBe("checked");
        expect(lockedSwitch.disabled).toBe(true);
      }
    }
    expect(within(dialog).getAllByText("Security notice — always sent")).toHaveLength(3);
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends only the changed kinds, takes the answer's user and shows its message once", async () => {
    const user = aUser({ notifications: resolveNotificationPreferences({ sms: { depositCredited: false } }) });
    const saved = aUser({
      notifications: resolveNotificationPreferences({
        sms: { depositCredited: true, withdrawalRejected: false },
        email: { monthlyStatement: false },
      }),
    });
    mockApi({
      "GET /auth/me": { user },
      "PUT /auth/me/notifications": { message: "Notification preferences saved", user: saved },
    });
    const dialog = await openDialog();
    await flip(dialog, "Deposit credited by SMS");
    await flip(dialog, "Withdrawal rejected by SMS");
    await flip(dialog, "Monthly statement by Email");
    // Turned off and on again: back as it was, so not sent.
    await flip(dialog, "Payout sent by Email");
    await flip(dialog, "Payout sent by Email");
    typePassword(dialog, "Mvua-Nyingi-42");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Notifications" })).toBeNull());
    expect(callsTo("PUT", "/auth/me/notifications")).toEqual([
      {
        sms: { depositCredited: true, withdrawalRejected: false },
        email: { monthlyStatement: false },
        password: "Mvua-Nyingi-42",
      },
    ]);
    expect(await screen.findAllByText("Notification preferences saved")).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: /Account Settings/ }));
    const reopened = await screen.findByRole("dialog", { name: "Notifications" });
    expect(isOn(reopened, "Withdrawal rejected by SMS")).toBe(false);
    expect(isOn(reopened, "Monthly statement by Email")).toBe(false);
    expect(isOn(reopened, "Deposit credited by SMS")).toBe(true);
  });

  it("asks for the password on its field before sending anything", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "PUT /auth/me/notifications": { message: "Notification preferences saved", user: aUser() },
    });
    const dialog = await openDialog();
    const password = within(dialog).getByLabelText(/Your password/) as HTMLInputElement;
    expect(password.type).toBe("password");
    expect(password.autocomplete).toBe("current-password");
    await flip(dialog, "Payout failed by SMS");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await within(dialog).findByText("Password is required")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(callsTo("PUT", "/auth/me/notifications")).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Notifications" })).toBeTruthy();
  });

  it("shows a refusal's message in the dialog and keeps the choice", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "PUT /auth/me/notifications": () => {
        throw new ApiError(400, "That password is not right. Enter the password you sign in with.");
      },
    });
    const dialog = await openDialog();
    await flip(dialog, "Payout failed by SMS");
    typePassword(dialog, "not-my-password");
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(
      await within(dialog).findByText("That password is not right. Enter the password you sign in with."),
    ).toBeTruthy();
    expect(isOn(dialog, "Payout failed by SMS")).toBe(false);
    expect(document.querySelector(".Toastify__toast")).toBeNull();
  });
});
