import type { PackageChange } from "@jengafund/shared";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatMoment, kindLabel, personName, termLines, termValue } from "../lib/package-change-labels";

/** What the second admin decides on: the package's terms as the first admin set them, and what became of them. */
export function PackageChangeDetails({ change }: { change: PackageChange }) {
  const { fields, before } = change;
  const rows: DetailRow[] = [
    ["Kind", kindLabel(change)],
    ["Package", before && before.name !== fields.name ? `${before.name} → ${fields.name}` : fields.name],
    ["Company", fields.company],
    ...termLines(change).map((line) => [line.label, termValue(line)] as const),
    ["Requested By", `${personName(change.requestedBy)} (${change.requestedBy.email})`],
    ["Requested At", formatMoment(change.requestedAt)],
    ["Current Status", <StatusBadge key="status" status={change.status} />],
  ];
  if (change.status === "pending") rows.push(["Expires", formatMoment(change.expiresAt)]);
  if (change.status === "expired") rows.push(["Expired", formatMoment(change.expiresAt)]);
  if (change.decidedBy) rows.push(["Decided By", personName(change.decidedBy)]);
  if (change.decidedAt) rows.push(["Decided At", formatMoment(change.decidedAt)]);
  if (change.decisionReason) rows.push(["Decision Reason", change.decisionReason]);

  return <DetailsList rows={rows} />;
}
