import { Dialog, Flex, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { ADJUSTMENT_MESSAGES, ADMIN_MESSAGES, type BalanceAdjustmentInput, type User } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { errorMessage } from "../../../lib/api-client";
import { formatKes } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { adjustUserBalance } from "../api/adjust-user-balance";
import { useUserChanged } from "../hooks/use-user-changed";
import { fullName } from "../lib/user-labels";

type AdjustmentType = "credit" | "debit";

interface AdjustBalanceDialogProps {
  user: User;
  onClose: () => void;
}

/**
 * Credits or debits a user's wallet with a reason that lands in the ledger line (spec §5). Above the solo limits the
 * server keeps it for a second admin instead (design.md §12.1): nothing moved, so only the approvals are read again.
 */
export function AdjustBalanceDialog({ user, onClose }: AdjustBalanceDialogProps) {
  const queryClient = useQueryClient();
  const userChanged = useUserChanged();
  const [amount, setAmount] = useState("");
  // No default direction: a money movement this consequential is chosen on purpose, never left as a default.
  const [type, setType] = useState<AdjustmentType | "">("");
  const [reason, setReason] = useState("");
  const adjustment = useMutation({
    mutationFn: (input: BalanceAdjustmentInput) => adjustUserBalance(user._id, input),
    onSuccess: (outcome, input) => {
      if (outcome.kind === "sentForApproval") {
        toast.info(ADJUSTMENT_MESSAGES.sentForApproval);
        onClose();
        void queryClient.invalidateQueries({ queryKey: queryKeys.admin.adjustments });
        return;
      }
      toast.success(input.type === "credit" ? "Balance credited successfully" : "Balance debited successfully");
      onClose();
      // The money moved: the lists and figures (userChanged) and the audit trail that records it are read again.
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit });
      void userChanged(outcome.user);
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to adjust balance")),
  });
  // One adjustment per tap: a double tap on Adjust Balance finds the first on its way (design.md §12.7).
  const adjust = useOneAtATime((input: BalanceAdjustmentInput) => adjustment.mutateAsync(input));
  const submitting = adjust.busy;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (amount.trim() === "" || type === "" || reason.trim() === "") {
      toast.error(ADMIN_MESSAGES.fillAllFields);
      return;
    }
    adjust.run({ amount: Number(amount), type, reason: reason.trim() });
  }

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onClose()}>
      <DialogFrame title="Adjust Balance" onSubmit={handleSubmit} closeDisabled={submitting}>
        <Dialog.Body>
          <Stack gap="4">
            <Flex justify="space-between" align="center" gap="2" wrap="wrap" bg="bg.muted" borderRadius="md" p="3">
              <Text fontWeight="semibold">{fullName(user)}</Text>
              <Text fontSize="sm">
                Wallet balance: <strong>{formatKes(user.walletBalance)}</strong>
              </Text>
            </Flex>
            <FormField label="Amount (KES)">
              <AmountInput value={amount} onChange={setAmount} min="0.01" />
            </FormField>
            <FormField label="Type">
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="type"
                  value={type}
                  onChange={(event) => setType(event.currentTarget.value as AdjustmentType | "")}
                >
                  <option value="">Select type</option>
                  <option value="credit">Credit (add to wallet)</option>
                  <option value="debit">Debit (take from wallet)</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label="Reason" helper="Recorded on the user's transaction history.">
              <Textarea name="reason" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
            </FormField>
          </Stack>
        </Dialog.Body>
        <DialogFormFooter
          submitting={submitting}
          submitLabel="Adjust Balance"
          loadingText="Saving"
          submitDisabled={adjust.offline}
          onCancel={onClose}
        />
      </DialogFrame>
    </Dialog.Root>
  );
}
