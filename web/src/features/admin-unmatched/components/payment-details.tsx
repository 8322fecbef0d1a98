import { Text } from "@chakra-ui/react";
import type { UnmatchedPayment } from "@jengafund/shared";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { formatKes } from "../../../lib/format";
import { accountNumberLabel, formatMoment, payerLabel, personName, reasonLabel } from "../lib/unmatched-labels";
import { UnmatchedStatusBadge } from "./unmatched-status-badge";

/** The payment as M-Pesa confirmed it, and what became of it. */
export function PaymentDetails({ payment }: { payment: UnmatchedPayment }) {
  const rows: DetailRow[] = [
    ["Receipt", <MonoText key="receipt">{payment.receipt}</MonoText>],
    ["Amount", formatKes(payment.amount)],
    ["Account Number", <MonoText key="account">{accountNumberLabel(payment)}</MonoText>],
    ["Payer", payerLabel(payment)],
    ["Paid At", formatMoment(payment.paidAt)],
    ["Received At", formatMoment(payment.receivedAt)],
    ["Reason", reasonLabel(payment.reason)],
    ["Status", <UnmatchedStatusBadge key="status" status={payment.status} />],
  ];
  if (payment.user) {
    const named = payment.status === "assigned" || payment.status === "pending" ? "Credited To" : "Account Named";
    rows.push([named, `${personName(payment.user)} (${payment.user.email})`]);
  }
  if (payment.resolvedBy) rows.push(["Resolved By", personName(payment.resolvedBy)]);
  if (payment.resolvedAt) rows.push(["Resolved At", formatMoment(payment.resolvedAt)]);
  if (payment.resolution?.receipt) {
    rows.push(["Reversal Receipt", <MonoText key="reversal">{payment.resolution.receipt}</MonoText>]);
  }
  if (payment.resolution) rows.push(["Resolution", payment.resolution.reason]);

  return <DetailsList rows={rows} labelMinW={{ base: "7rem", sm: "9rem" }} />;
}

function MonoText({ children }: { children: string }) {
  return (
    <Text as="span" fontFamily="mono">
      {children}
    </Text>
  );
}
