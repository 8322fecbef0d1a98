import { Text, VisuallyHidden } from "@chakra-ui/react";
import type { TransactionStatus } from "@jengafund/shared";
import { formatKes, formatSignedKes } from "../../lib/format";

/** A failed or cancelled line moved no money: it must never read as money in or out. */
export function movedNoMoney(status: TransactionStatus | string): boolean {
  return status === "failed" || status === "cancelled";
}

/**
 * A ledger line's amount, the same for investors and admins. Completed money in is green with '+', money out red
 * with '−' (the sign keeps the direction off colour alone). A pending credit has not arrived, so it is not green.
 * A failed or cancelled line shows the amount neutral and struck through, without a sign.
 */
export function LedgerAmount({ amount, status }: { amount: number; status: TransactionStatus | string }) {
  if (movedNoMoney(status)) {
    return (
      <Text as="span" fontWeight="semibold" whiteSpace="nowrap" color="fg.muted">
        <s>{formatKes(Math.abs(amount))}</s>
        <VisuallyHidden>, no money moved</VisuallyHidden>
      </Text>
    );
  }
  const color = amount < 0 ? "red.fg" : amount > 0 && status === "completed" ? "green.fg" : "fg";
  return (
    <Text as="span" fontWeight="semibold" whiteSpace="nowrap" color={color}>
      {formatSignedKes(amount)}
    </Text>
  );
}
