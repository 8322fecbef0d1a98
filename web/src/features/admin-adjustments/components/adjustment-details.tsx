import type { BalanceAdjustment } from "@jengafund/shared";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatKes } from "../../../lib/format";
import { formatMoment, paybillPaymentLine, personName, typeLabel } from "../lib/adjustment-labels";

/** What the second admin decides on: the adjustment as the first admin asked for it and what became of it. */
export function AdjustmentDetails({ adjustment }: { adjustment: BalanceAdjustment }) {
  const rows: DetailRow[] = [
    ["User", `${personName(adjustment.user)} (${adjustment.user.email})`],
    ["Type", typeLabel(adjustment)],
    ["Amount", formatKes(adjustment.amount)],
    ["Reason", adjustment.reason],
    ...(adjustment.unmatchedPaymentId ? [["Payment", paybillPaymentLine(adjustment)] as const] : []),
    ["Requested By", `${personName(adjustment.requestedBy)} (${adjustment.requestedBy.email})`],
    ["Requested At", formatMoment(adjustment.createdAt)],
    ["Current Status", <StatusBadge key="status" status={adjustment.status} />],
  ];
  if (adjustment.status === "pending") rows.push(["Expires", formatMoment(adjustment.expiresAt)]);
  if (adjustment.status === "expired") rows.push(["Expired", formatMoment(adjustment.expiresAt)]);
  if (adjustment.decidedBy) rows.push(["Decided By", personName(adjustment.decidedBy)]);
  if (adjustment.decidedAt) rows.push(["Decided At", formatMoment(adjustment.decidedAt)]);
  if (adjustment.decisionReason) rows.push(["Decision Reason", adjustment.decisionReason]);

  return <DetailsList rows={rows} />;
}
