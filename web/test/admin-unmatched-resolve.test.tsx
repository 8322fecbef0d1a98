import {
  ADJUSTMENT_MESSAGES,
  FOUR_EYES_MESSAGES,
  UNMATCHED_PAYMENT_MESSAGES,
  type UnmatchedPayment,
} from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { aPayment, paymentsPage, unmatchedAdmin, useAdminConsole } from "./admin-unmatched-fixtures";
import { callsTo, mockApi } from "./api-mock";
import { anAdjustment, aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const payment = aPayment();
const RESOLVE = `PUT /admin/unmatched-payments/${payment._id}`;
const amina = aUser({ _id: "01JTESTUSER0000000000000001", phoneNumber: "254712345678" });
const asha = aUser({
  _id: "01JTESTUSER0000000000000002",
  firstName: "Asha",
  lastName: "Mutua",
  email: "asha@example.com",
  phoneNumber: "254722000111",
  isActive: false,
});
const person = (user: typeof amina) => ({
  _id: user._id,
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

/** A fake API whose list shows `current` and whose PUT answers with `resolve`. */
function showPayment(resolve: (body: unknown) => unknown) {
  let current: UnmatchedPayment = payment;
  const server = {
    set: (next: UnmatchedPayment) => {
      current = next;
    },
  };
  mockApi({
    "GET /auth/me": { user: unmatchedAdmin },
    "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 1, total: 0 },
    "GET /admin/unmatched-payments": () => paymentsPage([current]),
    "GET /admin/stats": { stats: {} },
    "GET /admin/users": (_body, query) =>
      query?.search && "amina asha".includes(query.search.toLowerCase())
        ? { users: [amina, asha], page: 1, totalPages: 1, total: 2 }
        : { users: [], page: 1, totalPages: 1, total: 0 },
    [RESOLVE]: (body) => resolve(body),
    "POST /auth/step-up": () => ({ token: "stepped-up-token" }),
  });
  renderApp("/admin/unmatched-payments");
  return server;
}

async function openResolveDialog() {
  fireEvent.click(await screen.findByRole("button", { name: `Resolve payment ${payment.receipt}` }));
  const dialog = await screen.findByRole("dialog", { name: "Resolve Payment" });
  const inDialog = within(dialog);
  return {
    dialog,
    inDialog,
    /** Chooses the action and waits for its fields (the radio group's state settles a tick later). */
    choose: async (action: "Credit a user" | "Mark as returned") => {
      fireEvent.click(inDialog.getByText(action, { exact: true }));
      await (action === "Credit a user"
        ? inDialog.findByRole("searchbox", { name: /Find user/ })
        : inDialog.findByRole("textbox", { name: /^Reversal receipt/ }));
    },
    reason: (text: string) =>
      fireEvent.change(inDialog.getByRole("textbox", { name: /^Reason/ }), { target: { value: text } }),
    submit: (name: "Credit User" | "Mark as Returned") => inDialog.getByRole("button", { name }) as HTMLButtonElement,
  };
}

/** Searches for Amina, picks her, and gives a reason. */
async function creditToAmina(form: Awaited<ReturnType<typeof openResolveDialog>>) {
  await form.choose("Credit a user");
  fireEvent.change(form.inDialog.getByRole("searchbox", { name: /Find user/ }), { target: { value: "amina" } });
  fireEvent.click(await form.inDialog.findByText("Amina Wanjiru"));
  const picked = form.inDialog.getByRole("radio", { name: /Amina Wanjiru/ }) as HTMLInputElement;
  await waitFor(() => expect(picked.checked).toBe(true));
  form.reason("Ticket 4411: typed a wrong digit");
}

function resolveKeys() {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => `${method} ${path}` === RESOLVE)
    .map(([, , options]) => options?.idempotencyKey);
}

describe("resolving an unmatched Paybill payment (design.md §12.3)", () => {
  useAdminConsole();

  it("credits a user found by the console's user search, with a reason, and toasts the server's message", async () => {
    const server = showPayment(() => {
      const assigned = aPayment({ status: "assigned", user: person(amina) });
      server.set(assigned);
      return { message: UNMATCHED_PAYMENT_MESSAGES.credited("Amina", "Wanjiru"), payment: assigned };
    });
    const form = await openResolveDialog();
    expect(form.inDialog.getByText("KES 1,500.00")).toBeTruthy();
    expect(form.inDialog.getByText("0712 34567")).toBeTruthy();
    expect(form.submit("Credit User").disabled).toBe(true);

    await creditToAmina(form);
    expect(callsTo("GET", "/admin/users").length).toBeGreaterThan(0);
    const searches = vi.mocked(apiRequest).mock.calls.filter(([, path]) => path === "/admin/users");
    expect(searches.at(-1)?.[2]?.query).toEqual({ search: "amina", page: "1", limit: "5" });
    // A deactivated account is shown but cannot be credited.
    expect(
      (form.inDialog.getByRole("radio", { name: /Asha Mutua \(deactivated\)/ }) as HTMLInputElement).disabled,
    ).toBe(true);

    fireEvent.click(form.submit("Credit User"));
    expect(await screen.findByText("Payment credited to Amina Wanjiru")).toBeTruthy();
    expect(callsTo("PUT", `/admin/unmatched-payments/${payment._id}`)).toEqual([
      { userId: amina._id, reason: "Ticket 4411: typed a wrong digit" },
    ]);
    expect(resolveKeys()[0]).toEqual(expect.any(String));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The list is read again: the payment now shows as assigned, to Amina.
    const table = within(await screen.findByRole("table", { name: "Unmatched payments" }));
    expect(await table.findByText("Assigned")).toBeTruthy();
    expect(table.getByText("To Amina Wanjiru")).toBeTruthy();
  });

  it.each([
    ["an amount above KES 250,000", aPayment({ amount: 250_000.01, reason: "amount-out-of-bounds" })],
    ["an amount below KES 1", aPayment({ amount: 0.5, reason: "amount-out-of-bounds" })],
    ["a receipt conflict", aPayment({ reason: "receipt-conflict" })],
  ])("offers only Mark as returned for %s, and says why (design.md §13.3)", async (_, shown) => {
    const server = showPayment(() => {
      throw new Error("nothing should be sent");
    });
    server.set(shown);
    const form = await openResolveDialog();
    const credit = form.inDialog.getByRole("radio", { name: "Credit a user" }) as HTMLInputElement;
    expect(credit.disabled).toBe(true);
    expect((form.inDialog.getByRole("radio", { name: "Mark as returned" }) as HTMLInputElement).disabled).toBe(false);
    expect(
      form.inDialog.getByText(
        shown.reason === "receipt-conflict"
          ? UNMATCHED_PAYMENT_MESSAGES.receiptConflict
          : UNMATCHED_PAYMENT_MESSAGES.outsidePaybillAmounts,
      ),
    ).toBeTruthy();
    fireEvent.click(form.inDialog.getByText("Credit a user", { exact: true }));
    expect(form.inDialog.queryByRole("searchbox", { name: /Find user/ })).toBeNull();
    expect(resolveKeys()).toEqual([]);
  });

  it("offers both actions for a payment within Paybill's amounts", async () => {
    showPayment(() => {
      throw new Error("nothing should be sent");
    });
    const form = await openResolveDialog();
    expect((form.inDialog.getByRole("radio", { name: "Credit a user" }) as HTMLInputElement).disabled).toBe(false);
    expect(form.inDialog.queryByText(UNMATCHED_PAYMENT_MESSAGES.outsidePaybillAmounts)).toBeNull();
  });

  it("sends nothing until a user is picked and a reason given, and says so under each field", async () => {
    showPayment(() => {
      throw new Error("nothing should be sent");
    });
    const form = await openResolveDialog();
    await form.choose("Credit a user");
    fireEvent.click(form.submit("Credit User"));
    expect(await form.inDialog.findByText("Choose the user to credit")).toBeTruthy();
    expect(form.inDialog.getByText("Reason is required")).toBeTruthy();
    expect(resolveKeys()).toEqual([]);
  });

  it("marks a payment returned with the reversal's receipt (upper-cased as typed) and a reason", async () => {
    const server = showPayment(() => {
      const sentBack = aPayment({ status: "returned", resolution: { reason: "Payer asked", receipt: "RKX0REV123" } });
      server.set(sentBack);
      return { message: UNMATCHED_PAYMENT_MESSAGES.returned, payment: sentBack };
    });
    const form = await openResolveDialog();
    await form.choose("Mark as returned");
    const receipt = form.inDialog.getByRole("textbox", { name: /^Reversal receipt/ }) as HTMLInputElement;
    fireEvent.change(receipt, { target: { value: "rkx0rev12" } });
    form.reason("Payer asked");
    fireEvent.click(form.submit("Mark as Returned"));
    expect(await form.inDialog.findByText(UNMATCHED_PAYMENT_MESSAGES.receiptFormat)).toBeTruthy();
    expect(resolveKeys()).toEqual([]);

    fireEvent.change(receipt, { target: { value: "rkx0rev123" } });
    expect(receipt.value).toBe("RKX0REV123");
    fireEvent.click(form.submit("Mark as Returned"));
    expect(await screen.findByText("Payment marked as returned")).toBeTruthy();
    expect(callsTo("PUT", `/admin/unmatched-payments/${payment._id}`)).toEqual([
      { status: "returned", receipt: "RKX0REV123", reason: "Payer asked" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const table = within(await screen.findByRole("table", { name: "Unmatched payments" }));
    expect(await table.findByText("Returned")).toBeTruthy();
  });

  it("above the solo limits (202) says it went to a second admin, and the row shows it pending", async () => {
    const server = showPayment(() => {
      const waiting = aPayment({ status: "pending", user: person(amina), adjustmentId: "01JTESTADJUSTMENT000000009" });
      server.set(waiting);
      return {
        message: ADJUSTMENT_MESSAGES.sentForApproval,
        adjustment: anAdjustment({ _id: "01JTESTADJUSTMENT000000009", unmatchedPaymentId: payment._id }),
        payment: waiting,
      };
    });
    const form = await openResolveDialog();
    await creditToAmina(form);
    fireEvent.click(form.submit("Credit User"));
    expect(await screen.findByText("Sent to a second admin for approval")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const table = within(await screen.findByRole("table", { name: "Unmatched payments" }));
    expect(await table.findByText("Pending approval")).toBeTruthy();
    expect(table.queryByRole("button", { name: /^Resolve/ })).toBeNull();
  });

  it("asks for an authenticator code in place when the session must step up (403), then repeats the credit once", async () => {
    let refused = false;
    showPayment(() => {
      if (!refused) {
        refused = true;
        throw new ApiError(403, FOUR_EYES_MESSAGES.stepUpRequired, undefined, { stepUpRequired: true });
      }
      return {
        message: "Payment credited to Amina Wanjiru",
        payment: aPayment({ status: "assigned", user: person(amina) }),
      };
    });
    const form = await openResolveDialog();
    await creditToAmina(form);
    fireEvent.click(form.submit("Credit User"));

    const code = await screen.findByRole("dialog", { name: "Confirm it's you" });
    expect(within(code).getByText(FOUR_EYES_MESSAGES.stepUpRequired)).toBeTruthy();
    expect(resolveKeys()).toHaveLength(1);
    fireEvent.change(within(code).getByRole("textbox", { name: /Authentication code/ }), {
      target: { value: "123456" },
    });
    fireEvent.click(within(code).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Payment credited to Amina Wanjiru")).toBeTruthy();
    const [first, repeat] = resolveKeys();
    expect(resolveKeys()).toHaveLength(2);
    expect(repeat).toBe(first);
    expect(callsTo("POST", "/auth/step-up")).toEqual([{ code: "123456" }]);
  });

  it("shows a 409 on the dialog and in a toast, and reads the list again", async () => {
    const server = showPayment(() => {
      server.set(aPayment({ status: "assigned", user: person(amina) }));
      throw new ApiError(409, UNMATCHED_PAYMENT_MESSAGES.alreadyResolved);
    });
    const form = await openResolveDialog();
    await creditToAmina(form);
    fireEvent.click(form.submit("Credit User"));
    expect(await form.inDialog.findByText(UNMATCHED_PAYMENT_MESSAGES.alreadyResolved)).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector(".Toastify")?.textContent).toContain(UNMATCHED_PAYMENT_MESSAGES.alreadyResolved),
    );
    // The list was stale: it is read again behind the dialog, and shows the payment resolved.
    const table = within(screen.getByRole("table", { name: "Unmatched payments", hidden: true }));
    expect(await table.findByText("Assigned")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Resolve Payment" })).toBeTruthy();
  });

  it("keeps the dialog open with a refusal's message (own balance, 403) and sends one request per tap", async () => {
    showPayment(() => {
      throw new ApiError(403, "You cannot adjust your own balance");
    });
    const form = await openResolveDialog();
    await creditToAmina(form);
    const submit = form.submit("Credit User");
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await form.inDialog.findByText("You cannot adjust your own balance")).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector(".Toastify")?.textContent).toContain("You cannot adjust your own balance"),
    );
    expect(resolveKeys()).toHaveLength(1);
    expect(screen.getByRole("dialog", { name: "Resolve Payment" })).toBeTruthy();
  });
});
