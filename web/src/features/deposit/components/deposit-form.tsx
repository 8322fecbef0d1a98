import { Alert, Dialog, Input, Stack, Text } from "@chakra-ui/react";
import { MAX_DEPOSIT_KES, MIN_DEPOSIT_KES, type User } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { FormField } from "../../../components/ui/form-field";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { startDeposit } from "../api/start-deposit";
import { useDepositWatch } from "../hooks/use-deposit-watch";
import { depositAmountRefusal } from "../lib/deposit-amount";
import { DEPOSIT_TOASTS } from "../lib/deposit-messages";

interface DepositFormProps {
  user: User;
  onSubmittingChange: (submitting: boolean) => void;
  onDone: () => void;
}

/** The Deposit Funds form of spec §2 and §5: it asks M-Pesa to prompt the phone, then hands over to the watch. */
export function DepositForm({ user, onSubmittingChange, onDone }: DepositFormProps) {
  const { refreshUser } = useAuth();
  const { watch } = useDepositWatch();
  const [amount, setAmount] = useState("");
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber);
  const [submitting, setSubmitting] = useState(false);

  function track(next: boolean) {
    setSubmitting(next);
    onSubmittingChange(next);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount);
    const refused = depositAmountRefusal(value);
    if (refused) {
      toast.error(refused);
      return;
    }
    track(true);
    try {
      const started = await startDeposit({ amount: value, phoneNumber: phoneNumber.trim() });
      track(false);
      onDone();
      if (typeof started.newBalance === "number") {
        toast.success(DEPOSIT_TOASTS.success(started.newBalance));
        refreshUser().catch(() => {});
        return;
      }
      toast.info(DEPOSIT_TOASTS.promptSent);
      watch({ checkoutRequestId: started.checkoutRequestId, amount: started.amount });
    } catch (error) {
      toast.error(errorMessage(error, DEPOSIT_TOASTS.failedToStart));
      track(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            We send an M-Pesa prompt to your phone. Enter your M-Pesa PIN there to complete the payment; your balance
            updates here once M-Pesa confirms it.
          </Text>
          <FormField label="Amount (KES)" helper="Whole shillings, from KES 1 to KES 250,000.">
            <AmountInput
              value={amount}
              onChange={setAmount}
              min={MIN_DEPOSIT_KES}
              max={MAX_DEPOSIT_KES}
              wholeShillings
            />
          </FormField>
          <FormField label="M-Pesa Phone Number" helper="Must begin with 254 and not +254, for example 254700000000.">
            <Input
              name="phoneNumber"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="254700000000"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
            />
          </FormField>
          {user.isTrialAccount && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>
                Your first deposit turns your trial account into a real-money account: from then on you invest from your
                wallet.
              </Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        submitting={submitting}
        submitLabel="Send STK Push"
        loadingText="Sending"
        submitDisabled={amount.trim() === "" || phoneNumber.trim() === ""}
      />
    </form>
  );
}
