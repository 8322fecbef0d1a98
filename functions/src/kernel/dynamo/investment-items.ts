import { nairobiDay } from "@jengafund/shared";
import type { InvestmentRecord, PackageRecord, ReferralRecord } from "../records.js";
import { keys } from "./keys.js";
import { type Item, pick } from "./user-items.js";

export function packageItem(pkg: PackageRecord): Item {
  return {
    ...keys.package(pkg.id),
    type: "Package",
    ...pkg,
    ...packageIndexKeys(pkg),
  };
}

/** A package's entry in the catalogue list (GSI1), by when it was created. */
export const packageIndexKeys = (pkg: Pick<PackageRecord, "id" | "createdAt">) => ({
  GSI1PK: keys.packagesListPartition,
  GSI1SK: `${pkg.createdAt}#${pkg.id}`,
});

export const toPackageRecord = (item: Item): PackageRecord =>
  pick<PackageRecord>(item, [
    "id",
    "name",
    "company",
    "description",
    "priceCents",
    "image",
    "category",
    "riskLevel",
    "monthlyReturnRate",
    "dailyReturnRate",
    "maturityDate",
    "createdAt",
  ]);

/**
 * An active investment's entry in the maturities list (GSI2), by the Nairobi day it matures; a matured one has none.
 * The maturity's own transaction removes it (maturity-repository.ts).
 */
export function investmentIndexKeys(
  investment: Pick<InvestmentRecord, "id" | "maturityDate" | "maturedAt">,
): Record<string, string> {
  if (investment.maturedAt) return {};
  return {
    GSI2PK: keys.maturingInvestments(investment.id),
    GSI2SK: keys.maturingInvestmentsSort(nairobiDay(new Date(investment.maturityDate)), investment.id),
  };
}

export function investmentItem(investment: InvestmentRecord): Item {
  return {
    ...keys.investment(investment.userId, investment.id),
    type: "Investment",
    ...investment,
    ...investmentIndexKeys(investment),
  };
}

export const toInvestmentRecord = (item: Item): InvestmentRecord =>
  pick<InvestmentRecord>(item, [
    "id",
    "userId",
    "package",
    "amountCents",
    "dailyReturnRate",
    "balance",
    "totalRewardsClaimedCents",
    "purchaseDate",
    "maturityDate",
    "lastClaimDate",
    "requestId",
    "maturedAt",
  ]);

export const toReferralRecord = (item: Item): ReferralRecord =>
  pick<ReferralRecord>(item, [
    "referrerId",
    "referredId",
    "referred",
    "rewardCents",
    "rewardPaid",
    "createdAt",
    "paidAt",
  ]);
