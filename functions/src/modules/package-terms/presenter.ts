/** A package change as the API answers it (design.md §13.1): `_id`s, the form's units, its status as it reads now. */
import type { PackageChange } from "@jengafund/shared";
import { personView } from "../four-eyes/index.js";
import type { PackageChangeRecord } from "./port.js";
import { changeStatus } from "./service.js";
import { packageInput } from "./terms.js";

export function presentPackageChange(change: PackageChangeRecord, now: Date): PackageChange {
  return {
    _id: change.id,
    packageId: change.packageId,
    kind: change.kind,
    status: changeStatus(change, now),
    requestedBy: personView(change.requestedBy),
    requestedAt: change.requestedAt,
    expiresAt: change.expiresAt,
    fields: packageInput(change.fields),
    ...(change.before ? { before: packageInput(change.before) } : {}),
    ...(change.decidedBy ? { decidedBy: personView(change.decidedBy) } : {}),
    ...(change.decidedAt ? { decidedAt: change.decidedAt } : {}),
    ...(change.decisionReason ? { decisionReason: change.decisionReason } : {}),
  };
}
