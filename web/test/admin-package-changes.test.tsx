import { PACKAGE_CHANGE_MESSAGES, type Package, type PackageChange } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { formatNairobiDateTime } from "../src/lib/format";
import { callsTo, mockApi } from "./api-mock";
import { anAdjustment, aUser } from "./fixtures";
import { aCentumPackage } from "./investor-fixtures";
import { aPackageChange, termsOf } from "./package-change-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({
  _id: "01JTESTADMIN00000000000001",
  role: "admin",
  firstName: "Platform",
  lastName: "Admin",
  email: "admin@jengafund.local",
  isTrialAccount: false,
});
const me = { _id: admin._id, firstName: "Platform", lastName: "Admin", email: admin.email };
const centum = aCentumPackage();

/** Grace Mwangi's new package: the signed-in admin may decide it. */
const newPackage = aPackageChange();
/** The signed-in admin's own change of Two Rivers Estates' price and daily rate: only another admin may decide it. */
const ownChange = aPackageChange({
  _id: "01JTESTPACKAGECHANGE000002",
  packageId: centum._id,
  kind: "update",
  requestedBy: me,
  requestedAt: "2026-01-05T12:00:00.000Z",
  before: termsOf(centum),
  fields: { ...termsOf(centum), price: 2500, dailyReturnRate: 1.2 },
});
const rejected = aPackageChange({
  _id: "01JTESTPACKAGECHANGE000003",
  fields: { ...newPackage.fields, name: "Bamburi Cement Plus", company: "Bamburi" },
  status: "rejected",
  decidedBy: me,
  decidedAt: "2026-01-06T08:30:00.000Z",
  decisionReason: "Rates above what the prospectus allows",
});

/** The package the approval puts before investors. */
const kengen: Package = { _id: newPackage.packageId, ...newPackage.fields };

interface FakeServer {
  /** Every change, newest first, as the server keeps them; the list and the badge filter them by status. */
  changes: () => PackageChange[];
  catalogue?: () => Package[];
  decide?: (body: unknown) => unknown;
  pendingAdjustments?: number;
  path?: string;
}

function showApprovals({
  changes,
  catalogue = () => [centum],
  decide,
  pendingAdjustments = 0,
  path = "/admin/approvals",
}: FakeServer) {
  const waiting = Array.from({ length: pendingAdjustments }, (_, index) =>
    anAdjustment({ _id: `01JTESTADJUSTMENT00000000${index}` }),
  );
  mockApi({
    "GET /auth/me": { user: admin },
    "GET /packages": () => ({ packages: catalogue() }),
    "GET /admin/adjustments": { adjustments: waiting, page: 1, totalPages: 1, total: waiting.length },
    "GET /admin/package-changes": (_body, query) => ({
      changes: changes().filter((change) => !query?.status || change.status === query.status),
    }),
    ...(decide ? { [`PUT /admin/package-changes/${newPackage._id}`]: decide } : {}),
  });
  renderApp(path);
}

const listQueries = () =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/package-changes")
    .map(([, , options]) => options?.query);

const decisionKeys = () =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "PUT" && path === `/admin/package-changes/${newPackage._id}`)
    .map(([, , options]) => options?.idempotencyKey);

async function openProcessDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Process package change of KenGen Green Power" }));
  const dialog = await screen.findByRole("dialog", { name: "Process Package Change" });
  return {
    dialog,
    reason: within(dialog).getByRole("textbox", { name: /^Reason/ }) as HTMLTextAreaElement,
    choose: (action: "Approve" | "Reject") => fireEvent.click(within(dialog).getByText(action, { exact: true })),
    submit: (name: "Approve Package Change" | "Reject Package Change") =>
      within(dialog).getByRole("button", { name }) as HTMLButtonElement,
  };
}

/** Below the table breakpoint (64em), as on a 360 px phone. */
function onAPhone() {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe("admin Approvals tab: package changes waiting for a second admin (design.md §13.1)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows Package Changes above Adjustment Approvals; the tab's badge counts the pending of both", async () => {
    showApprovals({ changes: () => [newPackage, ownChange, rejected], pendingAdjustments: 2, path: "/admin/overview" });
    const nav = within(await screen.findByRole("navigation", { name: "Admin Panel" }));
    fireEvent.click(await nav.findByRole("link", { name: "Approvals 4 pending" }));
    await screen.findByRole("table", { name: "Package changes" });
    expect(screen.getAllByRole("heading", { level: 1 }).map((heading) => heading.textContent)).toEqual([
      "Package Changes",
      "Adjustment Approvals",
    ]);
    // The badge counted the pending changes on their own read.
    expect(listQueries()).toContainEqual({ status: "pending" });
  });

  it("lists each change with its package, kind, terms (an update's before → after), requester, status and expiry or decision", async () => {
    showApprovals({ changes: () => [rejected, ownChange, newPackage] });
    const table = within(await screen.findByRole("table", { name: "Package changes" }));
    expect(table.getAllByRole("columnheader").map((header) => header.textContent)).toEqual([
      "Package",
      "Kind",
      "Terms",
      "Requested By",
      "Requested At",
      "Status",
      "Expires / Decided",
      "Actions",
    ]);
    // The pending ones first, each group newest first as the server sends them.
    const [, first, second, third] = table.getAllByRole("row") as HTMLElement[];
    const update = within(first as HTMLElement);
    expect(update.getByText("Two Rivers Estates")).toBeTruthy();
    expect(update.getByText("Change of terms")).toBeTruthy();
    expect(update.getByText("KES 2,000.00")).toBeTruthy();
    expect(update.getByText("KES 2,000.00").closest("dd")?.textContent).toBe("KES 2,000.00 → KES 2,500.00");
    expect(update.getByText("1%").closest("dd")?.textContent).toBe("1% → 1.2%");
    expect(update.getByText("30%").closest("dd")?.textContent).toBe("30%");

    const created = within(second as HTMLElement);
    expect(created.getByText("KenGen Green Power")).toBeTruthy();
    expect(created.getByText("New package")).toBeTruthy();
    expect(created.getByText("KES 500.00")).toBeTruthy();
    expect(created.getByText("1.3%")).toBeTruthy();
    expect(created.getByText("40%")).toBeTruthy();
    expect(created.getByText("Dec 31, 2026")).toBeTruthy();
    expect(created.getByText("Grace Mwangi")).toBeTruthy();
    expect(created.getByText("pending")).toBeTruthy();
    expect(created.getByText(`Expires ${formatNairobiDateTime(newPackage.expiresAt)}`)).toBeTruthy();
    expect(created.getByRole("button", { name: "Process package change of KenGen Green Power" })).toBeTruthy();

    const decided = within(third as HTMLElement);
    expect(decided.getByText("Bamburi Cement Plus")).toBeTruthy();
    expect(decided.getByText("rejected")).toBeTruthy();
    expect(decided.getByText("By: Platform Admin")).toBeTruthy();
    expect(decided.queryByRole("button", { name: /^Process/ })).toBeNull();
    expect(screen.getByText("Showing 3 of 3 package changes")).toBeTruthy();
  });

  it("offers the maker no Process on their own pending change: 'Waiting for another admin', details read-only", async () => {
    showApprovals({ changes: () => [ownChange] });
    const table = within(await screen.findByRole("table", { name: "Package changes" }));
    expect(table.getByText("Waiting for another admin")).toBeTruthy();
    expect(table.queryByRole("button", { name: /^Process/ })).toBeNull();

    fireEvent.click(table.getByRole("button", { name: "View details of package change of Two Rivers Estates" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Package Change Details" }));
    expect(dialog.getByText("Waiting for another admin")).toBeTruthy();
    expect(dialog.getByText("Platform Admin (admin@jengafund.local)")).toBeTruthy();
    expect(dialog.getByText("KES 2,000.00 → KES 2,500.00")).toBeTruthy();
    expect(dialog.queryByText("Action")).toBeNull();
    expect(dialog.queryByRole("textbox")).toBeNull();
    fireEvent.click(dialog.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it(`lets another admin approve: '${PACKAGE_CHANGE_MESSAGES.approved}', keyed, and the package is then on Packages`, async () => {
    let decided = false;
    showApprovals({
      changes: () => (decided ? [{ ...newPackage, status: "approved", decidedBy: me }] : [newPackage]),
      catalogue: () => (decided ? [kengen, centum] : [centum]),
      decide: () => {
        decided = true;
        return {
          message: PACKAGE_CHANGE_MESSAGES.approved,
          change: { ...newPackage, status: "approved", decidedBy: me },
          package: kengen,
        };
      },
      path: "/admin/packages",
    });
    expect(await screen.findByText("Two Rivers Estates")).toBeTruthy();
    expect(screen.queryByText("KenGen Green Power")).toBeNull();
    fireEvent.click(await screen.findByRole("link", { name: "Approvals 1 pending" }));

    const { dialog, choose, submit } = await openProcessDialog();
    expect(within(dialog).getByText("New package")).toBeTruthy();
    expect(within(dialog).getByText("KES 500.00")).toBeTruthy();
    expect(within(dialog).getByText("Grace Mwangi (grace@jengafund.local)")).toBeTruthy();
    expect(submit("Approve Package Change").disabled).toBe(true);
    choose("Approve");
    await waitFor(() => expect(submit("Approve Package Change").disabled).toBe(false));
    fireEvent.click(submit("Approve Package Change"));
    expect(await screen.findByText(PACKAGE_CHANGE_MESSAGES.approved)).toBeTruthy();
    expect(callsTo("PUT", `/admin/package-changes/${newPackage._id}`)).toEqual([{ decision: "approve", reason: "" }]);
    expect(decisionKeys()[0]).toMatch(/\S{16,}/);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("link", { name: "Approvals" })).toBeTruthy();
    expect(
      await screen.findByRole("button", { name: "View details of package change of KenGen Green Power" }),
    ).toBeTruthy();

    // The catalogue was read moments ago and would still count as fresh had the approval not marked it stale.
    fireEvent.click(screen.getByRole("link", { name: "Packages" }));
    expect(await screen.findByText("KenGen Green Power")).toBeTruthy();
  });

  it(`refuses a rejection without a reason with '${PACKAGE_CHANGE_MESSAGES.reasonRequired}' before sending, then rejects with it`, async () => {
    showApprovals({
      changes: () => [newPackage],
      decide: () => ({
        message: PACKAGE_CHANGE_MESSAGES.rejected,
        change: { ...newPackage, status: "rejected" },
        package: null,
      }),
    });
    const { dialog, reason, choose, submit } = await openProcessDialog();
    choose("Reject");
    await waitFor(() => expect(reason.placeholder).toBe("Required rejection reason..."));
    fireEvent.change(reason, { target: { value: "   " } });
    fireEvent.click(submit("Reject Package Change"));
    expect(await within(dialog).findByText(PACKAGE_CHANGE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(callsTo("PUT", `/admin/package-changes/${newPackage._id}`)).toEqual([]);

    fireEvent.change(reason, { target: { value: " Rates above the prospectus " } });
    fireEvent.click(submit("Reject Package Change"));
    expect(await screen.findByText(PACKAGE_CHANGE_MESSAGES.rejected)).toBeTruthy();
    expect(callsTo("PUT", `/admin/package-changes/${newPackage._id}`)).toEqual([
      { decision: "reject", reason: "Rates above the prospectus" },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("keeps the dialog open with the server's refusal; a 409 reloads the list; a retry keeps its key", async () => {
    let refusal = new ApiError(403, PACKAGE_CHANGE_MESSAGES.secondAdminRequired);
    showApprovals({
      changes: () => [newPackage],
      decide: () => {
        throw refusal;
      },
    });
    const { choose, submit } = await openProcessDialog();
    choose("Approve");
    await waitFor(() => expect(submit("Approve Package Change").disabled).toBe(false));
    fireEvent.click(submit("Approve Package Change"));
    expect(await screen.findByText(PACKAGE_CHANGE_MESSAGES.secondAdminRequired)).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Process Package Change" })).toBeTruthy();
    const listReads = listQueries().filter((query) => query?.status === "").length;

    refusal = new ApiError(409, PACKAGE_CHANGE_MESSAGES.alreadyDecided);
    await waitFor(() => expect(submit("Approve Package Change").disabled).toBe(false));
    fireEvent.click(submit("Approve Package Change"));
    expect(await screen.findByText(PACKAGE_CHANGE_MESSAGES.alreadyDecided)).toBeTruthy();
    await waitFor(() => expect(listQueries().filter((query) => query?.status === "").length).toBe(listReads + 1));

    refusal = new ApiError(0);
    await waitFor(() => expect(submit("Approve Package Change").disabled).toBe(false));
    fireEvent.click(submit("Approve Package Change"));
    expect(await screen.findByText("Failed to process package change")).toBeTruthy();
    const keys = decisionKeys();
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it("filters by status and explains an empty list", async () => {
    showApprovals({ changes: () => [newPackage] });
    const select = (await screen.findByRole("combobox", { name: "Changes" })) as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual([
      "",
      "pending",
      "approved",
      "rejected",
      "expired",
    ]);
    await screen.findByRole("table", { name: "Package changes" });
    fireEvent.change(select, { target: { value: "expired" } });
    expect(await screen.findByText("No package changes match the selected status filter.")).toBeTruthy();
    expect(listQueries()).toContainEqual({ status: "expired" });
  });

  it("shows cards instead of the table on a 360 px phone, with the same actions", async () => {
    onAPhone();
    showApprovals({ changes: () => [newPackage, ownChange] });
    const cards = within(await screen.findByRole("list", { name: "Package changes" }));
    expect(screen.queryByRole("table", { name: "Package changes" })).toBeNull();
    expect(cards.getAllByRole("listitem")).toHaveLength(2);
    expect(
      cards.getByText(`Requested by Grace Mwangi · ${formatNairobiDateTime(newPackage.requestedAt)}`),
    ).toBeTruthy();
    expect(cards.getByRole("button", { name: "Process package change of KenGen Green Power" })).toBeTruthy();
    expect(cards.getByText("Waiting for another admin")).toBeTruthy();
  });
});
