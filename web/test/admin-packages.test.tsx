import { PACKAGE_CHANGE_MESSAGES, type Package, type PackageInput } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { addDays, format } from "date-fns";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { aCentumPackage, aPackage } from "./investor-fixtures";
import { aPackageChange, termsOf } from "./package-change-fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));

const admin = aUser({ role: "admin", firstName: "Platform", lastName: "Admin", isTrialAccount: false });
const safaricom = aPackage();
const centum = aCentumPackage();

type Route = Parameters<typeof mockApi>[0][string];

/**
 * A fake catalogue that keeps what the admin creates, edits and deletes: after every change the list is read
 * again, as from the real server.
 */
function showPackages(routes: Record<string, Route> = {}) {
  let catalogue: Package[] = [safaricom, centum];
  const kept: Record<string, Route> = {};
  for (const [key, route] of Object.entries(routes)) {
    kept[key] = (body: unknown) => {
      const answer = (typeof route === "function" ? route(body) : route) as { package?: Package };
      const [method, path] = key.split(" ");
      const id = path?.split("/").at(-1);
      if (method === "POST" && answer.package) catalogue = [answer.package, ...catalogue];
      if (method === "PUT" && answer.package)
        catalogue = catalogue.map((pkg) => (pkg._id === id ? (answer.package ?? pkg) : pkg));
      if (method === "DELETE") catalogue = catalogue.filter((pkg) => pkg._id !== id);
      return answer;
    };
  }
  mockApi({ "GET /auth/me": { user: admin }, "GET /packages": () => ({ packages: catalogue }), ...kept });
  renderApp("/admin/packages");
}

/** The Idempotency-Key of each call so far to one "METHOD /path". */
function idempotencyKeys(method: string, path: string) {
  return vi
    .mocked(apiRequest)
    .mock.calls.filter(([calledMethod, calledPath]) => calledMethod === method && calledPath === path)
    .map(([, , options]) => options?.idempotencyKey);
}

function field(dialog: HTMLElement, label: RegExp) {
  return within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
}

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(dialog, new RegExp(`^${label}`)), { target: { value } });
  }
}

const newPackage = {
  "Package Name": "KenGen Green Power",
  Company: "KenGen",
  Description: "Geothermal power for the grid.",
  "Price \\(KES\\)": "500",
  "Image URL": "/images/packages/kengen.svg",
};

async function openAddPackage() {
  fireEvent.click(await screen.findByRole("button", { name: "Add Package" }));
  return screen.findByRole("dialog", { name: "Add Package" });
}

describe("admin package management (spec §2, §5, §6, §9)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "admin-token");
    vi.mocked(apiRequest).mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a card per package with its figures and Edit and Delete", async () => {
    showPackages();
    expect(await screen.findByText("Two Rivers Estates")).toBeTruthy();
    expect(screen.getByText("KES 2,000.00")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Safaricom Growth Fund" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete Two Rivers Estates" })).toBeTruthy();
  });

  it("starts a new package at 40% monthly, 1.3% daily, technology, medium risk, maturing in 60 days", async () => {
    showPackages();
    const dialog = await openAddPackage();
    expect(field(dialog, /^Monthly Return/).value).toBe("40");
    expect(field(dialog, /^Daily Return/).value).toBe("1.3");
    expect(field(dialog, /^Category/).value).toBe("technology");
    expect(field(dialog, /^Risk Level/).value).toBe("medium");
    expect(field(dialog, /^Maturity Date/).value).toBe(format(addDays(new Date(), 60), "yyyy-MM-dd"));
    expect(field(dialog, /^Package Name/).value).toBe("");
    expect(field(dialog, /^Price/).getAttribute("min")).toBe("1");
    expect(field(dialog, /^Monthly Return/).getAttribute("step")).toBe("0.1");
    expect(field(dialog, /^Daily Return/).getAttribute("min")).toBe("0");
    const categories = [...(field(dialog, /^Category/) as HTMLSelectElement).options].map((option) => option.value);
    expect(categories).toEqual([
      "transport",
      "technology",
      "energy",
      "insurance",
      "manufacturing",
      "media",
      "real-estate",
      "consumer-goods",
    ]);
  });

  it("requires every field, a price of at least 1, rates of at least 0 and an image URL before saving", async () => {
    showPackages();
    const dialog = await openAddPackage();
    fill(dialog, { "Monthly Return": "", "Daily Return": "-1" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Package" }));
    const form = within(dialog);
    expect(await form.findByText("Name is required")).toBeTruthy();
    expect(form.getByText("Company is required")).toBeTruthy();
    expect(form.getByText("Description is required")).toBeTruthy();
    expect(form.getByText("Price is required")).toBeTruthy();
    expect(form.getByText("Image must be a URL")).toBeTruthy();
    expect(form.getByText("Monthly return rate is required")).toBeTruthy();
    expect(form.getByText("Daily return rate cannot be negative")).toBeTruthy();

    fill(dialog, { ...newPackage, "Price \\(KES\\)": "0.5", "Image URL": "kengen.svg", "Daily Return": "1" });
    await waitFor(() => expect(form.queryByText("Image must be a URL")).toBeNull());
    fireEvent.click(form.getByRole("button", { name: "Create Package" }));
    expect(await form.findByText("Price must be at least KES 1")).toBeTruthy();
    expect(form.getByText("Image must be a URL")).toBeTruthy();
    expect(form.queryByText("Name is required")).toBeNull();
    expect(callsTo("POST", "/admin/packages")).toEqual([]);
  });

  it(`sends a new package for approval, says '${PACKAGE_CHANGE_MESSAGES.sentForApproval}', and lists nothing new yet`, async () => {
    showPackages({
      "POST /admin/packages": (body: unknown) => ({
        message: PACKAGE_CHANGE_MESSAGES.sentForApproval,
        change: aPackageChange({ fields: body as PackageInput }),
      }),
    });
    const dialog = await openAddPackage();
    expect(
      within(dialog).getByText("A new package is listed for investors once a second admin approves it."),
    ).toBeTruthy();
    fill(dialog, { ...newPackage, "Maturity Date": "2026-12-31" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create Package" }));
    expect(await screen.findByText(PACKAGE_CHANGE_MESSAGES.sentForApproval)).toBeTruthy();
    expect(screen.queryByText("Package created successfully")).toBeNull();
    expect(callsTo("POST", "/admin/packages")).toEqual([
      {
        name: "KenGen Green Power",
        company: "KenGen",
        description: "Geothermal power for the grid.",
        price: 500,
        image: "/images/packages/kengen.svg",
        category: "technology",
        riskLevel: "medium",
        monthlyReturnRate: 40,
        dailyReturnRate: 1.3,
        maturityDate: "2026-12-31T00:00:00.000Z",
      },
    ]);
    expect(idempotencyKeys("POST", "/admin/packages")).toEqual([expect.any(String)]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // Investors see nothing until a second admin approves it: the catalogue on screen is unchanged.
    expect(screen.queryByText("KenGen Green Power")).toBeNull();
    expect(screen.getByText("Two Rivers Estates")).toBeTruthy();
  });

  it("edits a package's words from its current values and says 'Package updated successfully' (200)", async () => {
    showPackages({
      [`PUT /admin/packages/${centum._id}`]: (body: unknown) => ({ package: { ...centum, ...(body as object) } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Two Rivers Estates" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Package" });
    expect(
      within(dialog).getByText(
        "Changes to price, rates or maturity wait for a second admin's approval; other changes apply at once.",
      ),
    ).toBeTruthy();
    expect(field(dialog, /^Package Name/).value).toBe("Two Rivers Estates");
    expect(field(dialog, /^Category/).value).toBe("real-estate");
    expect(field(dialog, /^Maturity Date/).value).toBe("2027-01-21");
    fill(dialog, { "Image URL": "https://cdn.example.com/centum.png", "Package Name": "Two Rivers Mall" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Package updated successfully")).toBeTruthy();
    expect(callsTo("PUT", `/admin/packages/${centum._id}`)).toEqual([
      expect.objectContaining({
        name: "Two Rivers Mall",
        price: 2000,
        image: "https://cdn.example.com/centum.png",
        riskLevel: "high",
      }),
    ]);
    expect(idempotencyKeys("PUT", `/admin/packages/${centum._id}`)).toEqual([expect.any(String)]);
    expect(await screen.findByText("Two Rivers Mall")).toBeTruthy();
  });

  it(`sends a change of price for approval (202), says '${PACKAGE_CHANGE_MESSAGES.sentForApproval}' and keeps the old terms`, async () => {
    showPackages({
      [`PUT /admin/packages/${centum._id}`]: (body: unknown) => ({
        message: PACKAGE_CHANGE_MESSAGES.sentForApproval,
        change: aPackageChange({
          kind: "update",
          packageId: centum._id,
          fields: body as PackageInput,
          before: termsOf(centum),
        }),
      }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit Two Rivers Estates" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Package" });
    fill(dialog, { "Price \\(KES\\)": "2500" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText(PACKAGE_CHANGE_MESSAGES.sentForApproval)).toBeTruthy();
    expect(screen.queryByText("Package updated successfully")).toBeNull();
    expect(callsTo("PUT", `/admin/packages/${centum._id}`)).toEqual([expect.objectContaining({ price: 2500 })]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("KES 2,000.00")).toBeTruthy();
    expect(screen.queryByText("KES 2,500.00")).toBeNull();
  });

  it("shows the server's refusal to save, or 'Failed to save package', and keeps the modal open", async () => {
    let refusal = new ApiError(400, "Maturity date must be in the future");
    showPackages({
      "POST /admin/packages": () => {
        throw refusal;
      },
    });
    const dialog = await openAddPackage();
    fill(dialog, newPackage);
    const create = within(dialog).getByRole("button", { name: "Create Package" }) as HTMLButtonElement;
    fireEvent.click(create);
    expect(await screen.findByText("Maturity date must be in the future")).toBeTruthy();
    refusal = new ApiError(0);
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect(await screen.findByText("Failed to save package")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Add Package" })).toBeTruthy();
  });

  it("asks for confirmation before deleting and does nothing when the admin declines", async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    showPackages({ [`DELETE /admin/packages/${centum._id}`]: { message: "Package deleted" } });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Two Rivers Estates" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this package?");
    expect(callsTo("DELETE", `/admin/packages/${centum._id}`)).toEqual([]);
    expect(screen.getByText("Two Rivers Estates")).toBeTruthy();
  });

  it("deletes on confirmation, says 'Package deleted successfully' and removes the card", async () => {
    vi.stubGlobal("confirm", () => true);
    showPackages({ [`DELETE /admin/packages/${centum._id}`]: { message: "Package deleted" } });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Two Rivers Estates" }));
    expect(await screen.findByText("Package deleted successfully")).toBeTruthy();
    expect(callsTo("DELETE", `/admin/packages/${centum._id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText("Two Rivers Estates")).toBeNull());
  });

  it("says 'Failed to delete package' when the delete fails without a server message", async () => {
    vi.stubGlobal("confirm", () => true);
    showPackages({
      [`DELETE /admin/packages/${centum._id}`]: () => {
        throw new ApiError(0);
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Two Rivers Estates" }));
    expect(await screen.findByText("Failed to delete package")).toBeTruthy();
    expect(screen.getByText("Two Rivers Estates")).toBeTruthy();
  });
});
