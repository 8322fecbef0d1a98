import { Text } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatKes } from "../../../lib/format";
import { formatRequestTime, paidAfterRefundNote, personName } from "../lib/withdrawal-labels";
import { AccountSignals, PayoutAndRegisteredNumber } from "./account-signals";

/** What the admin decides on: the request as the user made it and what has happened to it so far. */
export function WithdrawalDetails({ withdrawal }: { withdrawal: Withdrawal }) {
  const rows: DetailRow[] = [
    ["User", `${personName(withdrawal.user)} (${withdrawal.user.email})`],
    ["Amount", formatKes(withdrawal.amount)],
    ["Phone Number", <PayoutAndRegisteredNumber key="phone" withdrawal={withdrawal} />],
    ["Reference", withdrawal.transactionReference],
    ["Request Date", formatRequestTime(withdrawal.requestDate)],
    ["Current Status", <StatusBadge key="status" status={withdrawal.status} />],
  ];
  if (withdrawal.account) rows.push(["Account", <AccountSignals key="account" withdrawal={withdrawal} />]);
  if (withdrawal.processedBy) rows.push(["Processed By", personName(withdrawal.processedBy)]);
  if (withdrawal.reason) rows.push(["Reason", withdrawal.reason]);
  if (withdrawal.mpesaTransactionId) rows.push(["M-Pesa Transaction ID", withdrawal.mpesaTransactionId]);
  const paidAfterRefund = paidAfterRefundNote(withdrawal);
  if (paidAfterRefund && withdrawal.paidAfterRefund) {
    const { receipt, at } = withdrawal.paidAfterRefund;
    rows.push([
      "M-Pesa",
      <Text key="paid-after-refund" color="fg.error" fontWeight="semibold">
        {paidAfterRefund}
        <Text as="span" display="block" fontWeight="normal" fontSize="sm">
          M-Pesa paid it on {formatRequestTime(at)}
          {receipt ? ` (receipt ${receipt})` : ""}, after the amount went back to the wallet.
        </Text>
      </Text>,
    ]);
  }

  return <DetailsList rows={rows} />;
}
