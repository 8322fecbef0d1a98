import type { Package, PackageInput } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";
import { keyedAction } from "../../../lib/keyed-action";

/**
 * What became of an edit: words alone (name, company, description, image, category, risk) change at once; a change
 * of price, rates or maturity waits whole for a second admin and investors still see the old terms (202).
 */
export type PackageUpdateOutcome = { kind: "updated"; package: Package } | { kind: "sentForApproval"; message: string };

export const updatePackage = keyedAction(
  async (idempotencyKey, packageId: string, input: PackageInput): Promise<PackageUpdateOutcome> => {
    const answer = await apiCall("update-package", { path: { id: packageId }, body: input, idempotencyKey });
    return "change" in answer
      ? { kind: "sentForApproval", message: answer.message }
      : { kind: "updated", package: answer.package };
  },
);
