import { Badge, Dialog, Flex, Stack, Text } from "@chakra-ui/react";
import { INVESTOR_MESSAGES, type Package } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes, formatRate } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { buyInvestment } from "../api/buy-investment";

interface BuyPackageDialogProps {
  pkg: Package;
  /** What the buyer can spend: trial money for a trial account, real money otherwise. */
  balance: number;
  trial: boolean;
  onClose: () => void;
}

export function BuyPackageDialog({ pkg, balance, trial, onClose }: BuyPackageDialogProps) {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState(String(pkg.price));
  const value = Number(amount);
  const belowMinimum = amount.trim() === "" || !(value >= pkg.price);
  const purchase = useMutation({
    mutationFn: buyInvestment,
    onSuccess: ({ user }) => {
      setUser(user);
      toast.success("Investment purchased successfully!");
      onClose();
      void queryClient.invalidateQueries({ queryKey: queryKeys.investments });
      void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to purchase package")),
  });
  const submitting = purchase.isPending;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refusal = belowMinimum
      ? INVESTOR_MESSAGES.minimumAmount(pkg.price)
      : value > balance
        ? INVESTOR_MESSAGES.insufficientBalance
        : undefined;
    if (refusal) {
      toast.error(refusal);
      return;
    }
    purchase.mutate({ packageId: pkg._id, amount: value });
  }

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onClose()}>
      <DialogFrame title="Confirm Investment" onSubmit={handleSubmit} closeDisabled={submitting}>
        <Dialog.Body>
          <Stack gap="4">
            <Stack gap="0">
              <Text fontWeight="semibold">{pkg.name}</Text>
              <Text fontSize="sm" color="fg.muted">
                {pkg.company} · {formatRate(pkg.monthlyReturnRate)} monthly · {formatRate(pkg.dailyReturnRate)}{" "}
                claimable daily
              </Text>
            </Stack>
            <FormField label="Amount (KES)" helper={`Minimum investment: ${formatKes(pkg.price)}`}>
              <AmountInput value={amount} onChange={setAmount} min={pkg.price} />
            </FormField>
            <Flex justify="space-between" align="center" gap="2" wrap="wrap" bg="bg.muted" borderRadius="md" p="3">
              <Text fontSize="sm" color="fg.muted">
                Available balance
              </Text>
              <Flex align="center" gap="2">
                <Text fontWeight="bold">{formatKes(balance)}</Text>
                {trial && (
                  <Badge colorPalette="orange" variant="subtle">
                    Trial Mode
                  </Badge>
                )}
              </Flex>
            </Flex>
          </Stack>
        </Dialog.Body>
        <DialogFormFooter
          submitting={submitting}
          submitLabel="Confirm Purchase"
          loadingText="Purchasing"
          submitDisabled={belowMinimum}
          onCancel={onClose}
        />
      </DialogFrame>
    </Dialog.Root>
  );
}
