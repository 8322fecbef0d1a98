import type { Package, PackageChange } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";
import type { PackageChangeDecision } from "../lib/package-change-labels";

export interface PackageChangeDecided {
  /** "Package change approved" or "Package change rejected", as the server says it. */
  message: string;
  change: PackageChange;
  /** The package as investors now see it; none once a rejected new package is gone. */
  package: Package | null;
}

/** A second admin approves (the package or its new terms go live) or rejects (nothing changes) a package change. */
export const decidePackageChange = keyedAction(
  async (idempotencyKey, changeId: string, decision: PackageChangeDecision): Promise<PackageChangeDecided> =>
    apiCall("decide-package-change", { path: { id: changeId }, body: decision, idempotencyKey }),
);
