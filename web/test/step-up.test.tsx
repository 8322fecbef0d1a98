import { FOUR_EYES_MESSAGES } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { STEP_UP_CANCELLED_MESSAGE } from "../src/lib/step-up";
import { callsTo, mockApi } from "./api-mock";
import { aUser, aWithdrawal } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

/**
 * The recent second factor of design.md §12.1 in the console: a money action answered 403 `stepUpRequired` asks for
 * an authenticator code in place, steps the session up and sends the action again with the same Idempotency-Key;
 * cancelling leaves it undone.
 */
const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", twoFactorEnabled: true });

const pending = aWithdrawal();
const DECISION = `PUT /admin/withdrawals/${pending._id}`;

const stepUpRequired = () => new ApiError(403, FOUR_EYES_MESSAGES.stepUpRequired, undefined, { stepUpRequired: true });

/** The Idempotency-Key and session token each decision was sent with, in order. */
function decisionsSent() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => `${method} ${path}` === DECISION)
    .map(([, , options]) => options?.idempotencyKey);
}

function showWithdrawals(routes: { decide: () => unknown; stepUp?: (body: unknown) => unknown }) {
  const tokensAtDecision: (string | null)[] = [];
  mockApi({
    "GET /auth/me": { user: admin },
    "GET /admin/withdrawals": { withdrawals: [pending], page: 1, totalPages: 1, total: 1 },
    [DECISION]: () => {
      tokensAtDecision.push(localStorage.getItem("token"));
      return routes.decide();
    },
    "POST /auth/step-up": routes.stepUp ?? (() => ({ token: "stepped-up-token" })),
  });
  renderApp("/admin/withdrawals");
  return tokensAtDecision;
}

async function approveInDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Process withdrawal of Amina Wanjiru" }));
  const dialog = await screen.findByRole("dialog", { name: "Process Withdrawal" });
  fireEvent.click(within(dialog).getByText("Approve", { exact: true }));
  const submit = within(dialog).getByRole("button", { name: "Approve Withdrawal" }) as HTMLButtonElement;
  await waitFor(() => expect(submit.disabled).toBe(false));
  fireEvent.click(submit);
}

async function codeDialog() {
  const dialog = await screen.findByRole("dialog", { name: "Confirm it's you" });
  return {
    dialog,
    enter: (code: string) =>
      fireEvent.change(within(dialog).getByRole("textbox", { name: /Authentication code/ }), {
        target: { value: code },
      }),
    confirm: () => fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" })),
    cancel: () => fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })),
  };
}

describe("a money action that needs a recent authenticator code (design.md §12.1)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });

  it("asks for the code in place, steps up, and repeats the action once with the same Idempotency-Key", async () => {
    let refused = false;
    const tokens = showWithdrawals({
      decide: () => {
        if (refused) return { withdrawal: { ...pending, status: "approved" } };
        refused = true;
        throw stepUpRequired();
      },
    });
    await approveInDialog();

    const code = await codeDialog();
    expect(within(code.dialog).getByText(FOUR_EYES_MESSAGES.stepUpRequired)).toBeTruthy();
    // The action waits: nothing repeated yet, and its own dialog stays behind the question (hidden from the
    // accessibility tree while the question is open).
    expect(decisionsSent()).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Process Withdrawal", hidden: true })).toBeTruthy();

    code.enter("123 456");
    code.confirm();
    expect(await screen.findByText("Withdrawal approved successfully")).toBeTruthy();
    expect(callsTo("POST", "/auth/step-up")).toEqual([{ code: "123456" }]);
    const [first, repeat] = decisionsSent();
    expect(decisionsSent()).toHaveLength(2);
    expect(first).toEqual(expect.any(String));
    expect(repeat).toBe(first);
    // The new token is the session's from now on, and the repeat went with it.
    expect(tokens).toEqual(["admin-token", "stepped-up-token"]);
    expect(localStorage.getItem("token")).toBe("stepped-up-token");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows a wrong code's message under the field and keeps asking until a right one", async () => {
    let refused = false;
    let codes = 0;
    showWithdrawals({
      decide: () => {
        if (refused) return { withdrawal: { ...pending, status: "approved" } };
        refused = true;
        throw stepUpRequired();
      },
      stepUp: () => {
        codes += 1;
        if (codes === 1) {
          throw new ApiError(400, "That code is not right. Check the code in your authenticator app and try again.");
        }
        return { token: "stepped-up-token" };
      },
    });
    await approveInDialog();
    const code = await codeDialog();
    code.enter("000000");
    code.confirm();
    expect(
      await within(code.dialog).findByText(
        "That code is not right. Check the code in your authenticator app and try again.",
      ),
    ).toBeTruthy();
    expect(decisionsSent()).toHaveLength(1);

    code.enter("123456");
    code.confirm();
    expect(await screen.findByText("Withdrawal approved successfully")).toBeTruthy();
    expect(callsTo("POST", "/auth/step-up")).toEqual([{ code: "000000" }, { code: "123456" }]);
    expect(decisionsSent()).toHaveLength(2);
  });

  it("leaves the action undone when the code is cancelled, says so in a toast, and does not repeat it", async () => {
    showWithdrawals({
      decide: () => {
        throw stepUpRequired();
      },
    });
    await approveInDialog();
    const code = await codeDialog();
    code.cancel();

    expect(await screen.findByText(STEP_UP_CANCELLED_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Confirm it's you" })).toBeNull());
    expect(decisionsSent()).toHaveLength(1);
    expect(callsTo("POST", "/auth/step-up")).toEqual([]);
    expect(localStorage.getItem("token")).toBe("admin-token");
    // The decision is still open, to try again.
    expect(screen.getByRole("dialog", { name: "Process Withdrawal" })).toBeTruthy();
  });
});
