import { KYC_MESSAGES, type KycSubmissionDetail, type KycSubmissionSummary } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { isLastKnownQuery } from "../src/lib/last-known";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({
  _id: "01JTESTADMIN00000000000001",
  role: "admin",
  firstName: "Platform",
  lastName: "Admin",
  email: "admin@jengafund.local",
  isTrialAccount: false,
  twoFactorEnabled: true,
});

function aSubmission(overrides: Partial<KycSubmissionSummary> = {}): KycSubmissionSummary {
  return {
    userId: "01JTESTUSER0000000000000000",
    firstName: "Amina",
    lastName: "Wanjiru",
    phoneNumber: "254712345678",
    status: "pending",
    idType: "national-id",
    idNumberMasked: "•••••678",
    submittedAt: "2026-01-05T07:00:00.000Z",
    ...overrides,
  };
}

const amina = aSubmission();
const brian = aSubmission({
  userId: "01JTESTUSER0000000000000002",
  firstName: "Brian",
  lastName: "Otieno",
  phoneNumber: "254722000111",
  idType: "passport",
  idNumberMasked: "••••••567",
  submittedAt: "2026-01-05T09:30:00.000Z",
});
/** The signed-in admin's own verification: another admin decides it. */
const own = aSubmission({
  userId: admin._id,
  firstName: "Platform",
  lastName: "Admin",
  phoneNumber: "254700000001",
  submittedAt: "2026-01-05T10:00:00.000Z",
});
const verified = aSubmission({
  userId: "01JTESTUSER0000000000000003",
  firstName: "Chebet",
  lastName: "Kiprono",
  status: "verified",
  decidedAt: "2026-01-04T12:00:00.000Z",
  decidedBy: { _id: "01JTESTADMIN00000000000002", name: "Grace Mwangi" },
});

function detailOf(summary: KycSubmissionSummary, overrides: Partial<KycSubmissionDetail> = {}): KycSubmissionDetail {
  return {
    ...summary,
    idNumber: "12345678",
    kraPin: "A123456789Z",
    dateOfBirth: "1990-04-12",
    email: "amina@example.com",
    accountCreatedAt: "2025-11-02T08:00:00.000Z",
    images: {
      idFront: "http://localhost:4569/kyc/front?X-Amz-Signature=a",
      idBack: "http://localhost:4569/kyc/back?X-Amz-Signature=b",
      selfie: "http://localhost:4569/kyc/selfie?X-Amz-Signature=c",
    },
    imagesExpireAt: "2026-01-05T10:05:00.000Z",
    otherAccounts: [],
    ...overrides,
  };
}

interface FakeServer {
  submissions: () => KycSubmissionSummary[];
  /** The review of one listed submission (detailOf by default). */
  detail?: (summary: KycSubmissionSummary) => KycSubmissionDetail;
  decide?: (body: unknown) => unknown;
  path?: string;
}

function showVerifications({ submissions, detail, decide, path = "/admin/verifications" }: FakeServer) {
  const all = () => submissions();
  mockApi({
    "GET /auth/me": { user: admin },
    "GET /admin/adjustments": { adjustments: [], page: 1, totalPages: 1, total: 0 },
    "GET /admin/package-changes": { changes: [] },
    "GET /admin/unmatched-payments": { payments: [], page: 1, totalPages: 1, total: 0 },
    "GET /admin/stats": {},
    "GET /admin/kyc": (_body, query) => ({
      submissions: all().filter((item) => !query?.status || item.status === query.status),
      pendingCount: all().filter((item) => item.status === "pending").length,
    }),
    ...Object.fromEntries(
      all().map((item) => [`GET /admin/kyc/${item.userId}`, () => ({ submission: (detail ?? detailOf)(item) })]),
    ),
    ...(decide ? { [`PUT /admin/kyc/${amina.userId}`]: decide } : {}),
  });
  renderApp(path);
}

const listQueries = () =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([method, path]) => method === "GET" && path === "/admin/kyc")
    .map(([, , options]) => options?.query);

async function openReview(name: string) {
  fireEvent.click(await screen.findByRole("button", { name: `Review verification of ${name}` }));
  const dialog = await screen.findByRole("dialog", { name: "Review Verification" });
  await within(dialog).findByText("12345678");
  return dialog;
}

describe("admin Verifications tab (design.md §13.5)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the pending count on the tab and lists the pending submissions, oldest first, numbers masked", async () => {
    showVerifications({ submissions: () => [amina, brian, own, verified] });
    const nav = within(await screen.findByRole("navigation", { name: "Admin Panel" }));
    expect(await nav.findByRole("link", { name: "Verifications 3 pending" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Verifications" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual([
      "Amina Wanjiru254712345678",
      "Brian Otieno254722000111",
      "Platform Admin254700000001",
    ]);
    expect(within(rows[0] as HTMLElement).getByText("•••••678")).toBeTruthy();
    expect(within(table).queryByText("12345678")).toBeNull();
    expect(listQueries()).toContainEqual({ status: "pending" });
    // The admin's own: no Review, only its details.
    expect(screen.queryByRole("button", { name: "Review verification of Platform Admin" })).toBeNull();
    expect(screen.getByRole("button", { name: "View verification of Platform Admin" })).toBeTruthy();
  });

  it("filters by status", async () => {
    showVerifications({ submissions: () => [amina, verified] });
    await screen.findByRole("table", { name: "Verifications" });
    fireEvent.change(screen.getByLabelText("Status"), { target: { value: "verified" } });
    expect(await screen.findByText("Chebet Kiprono")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Amina Wanjiru")).toBeNull());
    expect(screen.getByText("By: Grace Mwangi")).toBeTruthy();
  });

  it("reviews the details in full beside the three documents, with the other accounts that tried the ID", async () => {
    showVerifications({
      submissions: () => [amina],
      detail: (summary) =>
        detailOf(summary, {
          otherAccounts: [
            { userId: "01JTESTUSER0000000000000009", firstName: "Amina", lastName: "W", status: "rejected" },
          ],
        }),
    });
    const dialog = await openReview("Amina Wanjiru");
    for (const text of ["A123456789Z", "National ID", "Apr 12, 1990", "amina@example.com", "254712345678"]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(dialog).getByRole("heading", { name: "Other accounts that tried this ID" })).toBeTruthy();
    expect(within(dialog).getByText("Amina W: Rejected")).toBeTruthy();
    const front = within(dialog).getByRole("img", { name: "Front of ID of Amina Wanjiru" }) as HTMLImageElement;
    expect(front.getAttribute("src")).toBe("http://localhost:4569/kyc/front?X-Amz-Signature=a");
    expect(within(dialog).getByRole("img", { name: "Selfie of Amina Wanjiru" })).toBeTruthy();
    const link = within(dialog).getByRole("link", { name: "Open back of ID in a new tab" });
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("requires a reason to reject, then sends it; the list and the badge follow", async () => {
    let list = [amina, brian];
    showVerifications({
      submissions: () => list,
      decide: () => {
        list = [brian];
        return { message: KYC_MESSAGES.rejected, submission: { ...amina, status: "rejected" } };
      },
    });
    const dialog = await openReview("Amina Wanjiru");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText(KYC_MESSAGES.reasonRequired)).toBeTruthy();
    expect(callsTo("PUT", `/admin/kyc/${amina.userId}`)).toEqual([]);

    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Reason/ }), {
      target: { value: "  The selfie is blurred " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(callsTo("PUT", `/admin/kyc/${amina.userId}`)).toEqual([
      { decision: "reject", reason: "The selfie is blurred" },
    ]);
    const nav = within(screen.getByRole("navigation", { name: "Admin Panel" }));
    expect(await nav.findByRole("link", { name: "Verifications 1 pending" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText("Amina Wanjiru")).toBeNull());
  });

  it("verifies without a reason", async () => {
    showVerifications({
      submissions: () => [amina],
      decide: () => ({ message: KYC_MESSAGES.verified, submission: { ...amina, status: "verified" } }),
    });
    const dialog = await openReview("Amina Wanjiru");
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(callsTo("PUT", `/admin/kyc/${amina.userId}`)).toEqual([{ decision: "verify", reason: "" }]),
    );
  });

  it("shows the server's refusal in the review", async () => {
    showVerifications({
      submissions: () => [amina],
      decide: () => {
        throw new ApiError(403, KYC_MESSAGES.ownSubmission);
      },
    });
    const dialog = await openReview("Amina Wanjiru");
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    expect(await within(dialog).findByText(KYC_MESSAGES.ownSubmission)).toBeTruthy();
  });

  it("shows an admin's own verification without Verify or Reject", async () => {
    showVerifications({ submissions: () => [own] });
    fireEvent.click(await screen.findByRole("button", { name: "View verification of Platform Admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Verification Details" });
    expect(await within(dialog).findByText(KYC_MESSAGES.ownSubmission)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Verify" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Reject" })).toBeNull();
  });

  it("never keeps a verification on the device: only the listed reads are stored", () => {
    const query = (queryKey: unknown[]) =>
      ({ queryKey, state: { status: "success", data: { submission: {} } } }) as unknown as Parameters<
        typeof isLastKnownQuery
      >[0];
    expect(isLastKnownQuery(query(["admin", "kyc", "submission", amina.userId]))).toBe(false);
    expect(isLastKnownQuery(query(["admin", "kyc", "list", { status: "pending" }]))).toBe(false);
    expect(isLastKnownQuery(query(["kyc"]))).toBe(false);
    expect(isLastKnownQuery(query(["me"]))).toBe(true);
  });
});
