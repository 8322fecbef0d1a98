import { ulid } from "../../src/kernel/ids.js";
import type { PackageRecord } from "../../src/kernel/records.js";
import { createDynamoPackageRepository } from "../../src/modules/investing/dynamo/package-repository.js";

/** Creates a package through the repository (as the admin console will) and returns it. */
export async function createPackage(overrides: Partial<PackageRecord> = {}): Promise<PackageRecord> {
  const now = new Date();
  const pkg: PackageRecord = {
    id: ulid(),
    name: "Safaricom Growth Fund",
    company: "Safaricom",
    description: "Mobile money and data.",
    priceCents: 50_000,
    image: "/images/packages/safaricom.svg",
    category: "technology",
    riskLevel: "low",
    monthlyReturnRate: 40,
    dailyReturnRate: 1.3,
    maturityDate: new Date(now.getTime() + 60 * 86_400_000).toISOString(),
    createdAt: now.toISOString(),
    ...overrides,
  };
  if (!(await createDynamoPackageRepository().create(pkg))) throw new Error("package exists");
  return pkg;
}
