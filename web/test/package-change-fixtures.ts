import type { Package, PackageChange, PackageInput } from "@jengafund/shared";

/**
 * A package change as the Approvals tab lists it: Grace Mwangi's pending new package "KenGen Green Power" unless
 * overridden.
 */
export function aPackageChange(overrides: Partial<PackageChange> = {}): PackageChange {
  return {
    _id: "01JTESTPACKAGECHANGE000001",
    packageId: "01JTESTPACKAGE000000000001",
    kind: "create",
    status: "pending",
    requestedBy: {
      _id: "01JTESTADMIN00000000000002",
      firstName: "Grace",
      lastName: "Mwangi",
      email: "grace@jengafund.local",
    },
    requestedAt: "2026-01-05T11:05:00.000Z",
    expiresAt: "2026-01-08T11:05:00.000Z",
    fields: {
      name: "KenGen Green Power",
      company: "KenGen",
      description: "Geothermal power for the grid.",
      price: 500,
      image: "/images/packages/kengen.svg",
      category: "energy",
      riskLevel: "medium",
      monthlyReturnRate: 40,
      dailyReturnRate: 1.3,
      maturityDate: "2026-12-31T00:00:00.000Z",
    },
    ...overrides,
  };
}

/** A package's terms as a change carries them: the form's fields, without the id. */
export function termsOf({ _id, ...input }: Package): PackageInput {
  return input as PackageInput;
}
