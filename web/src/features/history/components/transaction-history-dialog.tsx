import { Dialog, Tabs } from "@chakra-ui/react";
import { ActionTile } from "../../../components/ui/action-tile";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { HistoryIcon } from "../../../components/ui/icons";
import { QueryState } from "../../../components/ui/query-state";
import { useHistory } from "../hooks/use-history";
import { heldStagesByReference } from "../lib/held-withdrawals";
import { TransactionList } from "./transaction-list";
import { WithdrawalRequestList } from "./withdrawal-request-list";

/** The Transaction History tile and the dialog it opens; each opening reads the lists again unless just read. */
export function TransactionHistoryDialog() {
  return (
    <Dialog.Root size="lg" placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <ActionTile
          icon={<HistoryIcon boxSize="6" color="brand.fg" />}
          title="Transaction History"
          description="Deposits, investments, rewards and withdrawals"
        />
      </Dialog.Trigger>
      <DialogFrame title="Transaction History">
        <Dialog.Body>
          <HistoryTabs />
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}

function HistoryTabs() {
  const { transactions, withdrawals } = useHistory();
  const heldStages = withdrawals.data ? heldStagesByReference(withdrawals.data) : undefined;
  return (
    <Tabs.Root defaultValue="transactions" variant="line" fitted>
      <Tabs.List>
        <Tabs.Trigger value="transactions">Transactions</Tabs.Trigger>
        <Tabs.Trigger value="withdrawals">Withdrawals</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="transactions">
        <QueryState query={transactions} what="your transactions">
          {(list) => <TransactionList transactions={list} heldStages={heldStages} />}
        </QueryState>
      </Tabs.Content>
      <Tabs.Content value="withdrawals">
        <QueryState query={withdrawals} what="your withdrawal requests">
          {(list) => <WithdrawalRequestList withdrawals={list} />}
        </QueryState>
      </Tabs.Content>
    </Tabs.Root>
  );
}
