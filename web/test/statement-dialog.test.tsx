/**
 * Account → Statement (design.md §12.6): this month by default, another month or a custom range, PDF or CSV, the
 * file named as the server names it; a range the server would refuse is stopped on its field, and the server's own
 * refusal shows there too.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { monthPeriod, rangeProblem, recentMonths } from "../src/features/statements/lib/statement-period";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { nairobiDay } from "../src/lib/format";
import { mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const today = nairobiDay(new Date());
const statementCalls = () =>
  vi
    .mocked(apiRequest)
    .mock.calls.filter(([, path]) => path === "/statements")
    .map(([, , options]) => options?.query);

describe("statement dialog", () => {
  const clicked: string[] = [];
  let files: Blob[] = [];

  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
    clicked.length = 0;
    files = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      files.push(blob as Blob);
      return "blob:statement";
    });
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  async function openDialog() {
    renderApp("/dashboard/account");
    fireEvent.click(await screen.findByRole("button", { name: /Statement/ }));
    return screen.findByRole("dialog", { name: "Statement" });
  }

  it("downloads this month as a PDF, and a chosen month as CSV", async () => {
    const pdf = new Blob(["%PDF-1.3"], { type: "application/pdf" });
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /statements": (_body, query) => (query?.format === "csv" ? "Date,Description\r\n" : pdf),
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Download PDF" }));
    const thisMonth = { from: `${today.slice(0, 7)}-01`, to: today };
    await waitFor(() => expect(clicked).toEqual([`jengafund-statement-${thisMonth.from}-${thisMonth.to}.pdf`]));
    expect(files[0]).toBe(pdf);

    const [, lastMonth] = recentMonths(today);
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Month" }), { target: { value: lastMonth?.value } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    const period = monthPeriod(lastMonth?.value ?? "", today);
    await waitFor(() => expect(clicked).toHaveLength(2));
    expect(clicked[1]).toBe(`jengafund-statement-${period.from}-${period.to}.csv`);
    expect(await files[1]?.text()).toBe("Date,Description\r\n");
    expect(statementCalls()).toEqual([
      { ...thisMonth, format: "pdf" },
      { ...period, format: "csv" },
    ]);
  });

  it("stops a range the server would refuse on its field, and shows the server's own refusal there", async () => {
    mockApi({
      "GET /auth/me": { user: aUser() },
      "GET /statements": () => {
        throw new ApiError(400, "Choose a shorter period: it has more than 20,000 movements");
      },
    });
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("tab", { name: "Custom range" }));
    fireEvent.change(await within(dialog).findByLabelText(/^From/), { target: { value: "2024-01-01" } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: "2025-06-30" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Download PDF" }));
    expect(await within(dialog).findByText("Choose a period of at most 366 days")).toBeTruthy();
    expect(statementCalls()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: "2024-03-31" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Download CSV" }));
    expect(await within(dialog).findByText("Choose a shorter period: it has more than 20,000 movements")).toBeTruthy();
    expect(statementCalls()).toEqual([{ from: "2024-01-01", to: "2024-03-31", format: "csv" }]);
    expect(clicked).toEqual([]);
  });

  it("knows the months and the range rules", () => {
    expect(recentMonths("2026-02-14").slice(0, 3)).toEqual([
      { value: "2026-02", label: "February 2026" },
      { value: "2026-01", label: "January 2026" },
      { value: "2025-12", label: "December 2025" },
    ]);
    expect(monthPeriod("2024-02", "2026-11-26")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthPeriod("2026-11", "2026-11-26")).toEqual({ from: "2026-11-01", to: "2026-11-26" });
    expect(rangeProblem({ from: "2025-01-01", to: "2025-12-31" }, "2026-11-26")).toBeUndefined();
    // 2024 is a leap year: its 366 days are allowed, one more is not.
    expect(rangeProblem({ from: "2024-01-01", to: "2024-12-31" }, "2026-11-26")).toBeUndefined();
    expect(rangeProblem({ from: "2024-01-01", to: "2025-01-01" }, "2026-11-26")).toBe(
      "Choose a period of at most 366 days",
    );
    expect(rangeProblem({ from: "2025-01-02", to: "2025-01-01" }, "2026-11-26")).toBe(
      "The end date must not be before the start date",
    );
    expect(rangeProblem({ from: "2026-11-27", to: "2026-11-28" }, "2026-11-26")).toBe(
      "The period must not start after today",
    );
  });
});
