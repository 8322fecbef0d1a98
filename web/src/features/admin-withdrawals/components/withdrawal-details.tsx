import { DataList } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import type { ReactNode } from "react";
import { StatusBadge } from "../../../components/ui/status-badge";
import { formatKes } from "../../../lib/format";
import { formatRequestTime, personName } from "../lib/withdrawal-labels";

/** What the admin decides on: the request as the user made it and what has happened to it so far. */
export function WithdrawalDetails({ withdrawal }: { withdrawal: Withdrawal }) {
  const rows: [string, ReactNode][] = [
    ["User", `${personName(withdrawal.user)} (${withdrawal.user.email})`],
    ["Amount", formatKes(withdrawal.amount)],
    ["Phone Number", withdrawal.phoneNumber],
    ["Reference", withdrawal.transactionReference],
    ["Request Date", formatRequestTime(withdrawal.requestDate)],
    ["Current Status", <StatusBadge key="status" status={withdrawal.status} />],
  ];
  if (withdrawal.processedBy) rows.push(["Processed By", personName(withdrawal.processedBy)]);
  if (withdrawal.reason) rows.push(["Reason", withdrawal.reason]);
  if (withdrawal.mpesaTransactionId) rows.push(["M-Pesa Transaction ID", withdrawal.mpesaTransactionId]);

  return (
    <DataList.Root orientation="horizontal" size="sm" gap="3">
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW={{ base: "6.5rem", sm: "8.5rem" }}>{label}</DataList.ItemLabel>
          <DataList.ItemValue overflowWrap="anywhere">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
