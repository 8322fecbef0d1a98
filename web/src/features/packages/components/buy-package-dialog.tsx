import { Badge, Dialog, Flex, Stack, Text } from "@chakra-ui/react";
import { INVESTOR_MESSAGES, type Package } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { FormField } from "../../../components/ui/form-field";
import { formatKes, formatRate } from "../../../lib/format";
import { toast } from "../../../lib/toast/toast";
import { usePurchase } from "../hooks/use-purchase";
import { amountFieldError } from "../lib/purchase-terms";
import { PurchaseTerms } from "./purchase-terms";

interface BuyPackageDialogProps {
  pkg: Package;
  /** What the buyer can spend: trial money for a trial account, real money otherwise. */
  balance: number;
  trial: boolean;
  onClose: () => void;
}

export function BuyPackageDialog({ pkg, balance, trial, onClose }: BuyPackageDialogProps) {
  const [amount, setAmount] = useState(String(pkg.price));
  const value = Number(amount);
  const belowMinimum = amount.trim() === "" || !(value >= pkg.price);
  const fieldError = amountFieldError(amount, pkg, balance);
  const { buy, submitting, offline } = usePurchase(onClose);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // The spec's two refusals stay toasts; the field says the same with its figures, and any other fault alone.
    const refusal = belowMinimum
      ? INVESTOR_MESSAGES.minimumAmount(pkg.price)
      : value > balance
        ? INVESTOR_MESSAGES.insufficientBalance
        : undefined;
    if (refusal) {
      toast.error(refusal);
      return;
    }
    if (fieldError) return;
    buy({ packageId: pkg._id, amount: value });
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
            <FormField label="Amount (KES)" helper={`Minimum investment: ${formatKes(pkg.price)}`} error={fieldError}>
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
            <PurchaseTerms pkg={pkg} amount={amount} trial={trial} />
          </Stack>
        </Dialog.Body>
        <DialogFormFooter
          submitting={submitting}
          submitLabel="Confirm Purchase"
          loadingText="Purchasing"
          submitDisabled={belowMinimum || offline}
          onCancel={onClose}
        />
      </DialogFrame>
    </Dialog.Root>
  );
}
