import { Alert, Dialog, Input, Stack, Text } from "@chakra-ui/react";
import { formatKes, MAX_DEPOSIT_KES, MIN_DEPOSIT_KES, type User } from "@jengafund/shared";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { FormField } from "../../../components/ui/form-field";
import { VerifyIdentityNotice } from "../../../components/ui/verify-identity-notice";
import { errorMessage, isKycRequired } from "../../../lib/api-client";
import { PHONE_FORMATS, phoneRefusal } from "../../../lib/phone-formats";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { startDeposit } from "../api/start-deposit";
import { useDepositWatch } from "../hooks/use-deposit-watch";
import { depositAmountRefusal } from "../lib/deposit-amount";
import { DEPOSIT_TOASTS } from "../lib/deposit-messages";
import { showPromptSent } from "../lib/deposit-toast";

interface DepositFormProps {
  user: User;
  onSubmittingChange: (submitting: boolean) => void;
  onDone: () => void;
}

/** The Deposit Funds form of spec §2 and §5: it asks M-Pesa to prompt the phone, then hands over to the watch. */
export function DepositForm({ user, onSubmittingChange, onDone }: DepositFormProps) {
  const { watch, pending } = useDepositWatch();
  const awaiting = pending.filter((deposit) => deposit.channel !== "paybill");
  const [amount, setAmount] = useState("");
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber);
  /** Refused beyond an unverified account's deposit limit: the message with the way to Verify identity. */
  const [kycRequired, setKycRequired] = useState<string | null>(null);
  const deposit = useMutation({
    mutationFn: startDeposit,
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: (started) => {
      onDone();
      showPromptSent(started.checkoutRequestId);
      watch({ checkoutRequestId: started.checkoutRequestId, amount: started.amount });
    },
    onError: (error) => {
      const message = errorMessage(error, DEPOSIT_TOASTS.failedToStart);
      if (isKycRequired(error)) setKycRequired(message);
      toast.error(message);
    },
  });
  // One STK push per tap: a double tap on Send STK Push finds the first on its way (design.md §12.7).
  const send = useOneAtATime((input: { amount: number; phoneNumber: string }) => deposit.mutateAsync(input));
  const submitting = send.busy;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount);
    const refused = depositAmountRefusal(value) ?? phoneRefusal(phoneNumber);
    if (refused) {
      toast.error(refused);
      return;
    }
    send.run({ amount: value, phoneNumber: phoneNumber.trim() });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontSize="sm" color="fg.muted">
            We send an M-Pesa prompt to your phone. Enter your M-Pesa PIN there to complete the payment; your balance
            updates here once M-Pesa confirms it.
          </Text>
          {awaiting.length > 0 && (
            <Alert.Root status="warning" size="sm" data-testid="deposit-awaiting">
              <Alert.Indicator />
              <Alert.Description>
                {DEPOSIT_TOASTS.awaiting(awaiting.map((deposit) => deposit.amount))}
              </Alert.Description>
            </Alert.Root>
          )}
          <FormField
            label="Amount (KES)"
            helper={`Whole shillings, from ${formatKes(MIN_DEPOSIT_KES)} to ${formatKes(MAX_DEPOSIT_KES)}.`}
          >
            <AmountInput
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setKycRequired(null);
              }}
              min={MIN_DEPOSIT_KES}
              max={MAX_DEPOSIT_KES}
              wholeShillings
            />
          </FormField>
          <FormField label="M-Pesa Phone Number" helper={`The phone that gets the prompt, e.g. ${PHONE_FORMATS}.`}>
            <Input
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              placeholder="0712345678"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
            />
          </FormField>
          {kycRequired && <VerifyIdentityNotice message={kycRequired} onLeave={onDone} />}
          {user.isTrialAccount && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>
                Your first deposit turns your trial account into a real-money account: from then on you invest from your
                wallet. Your remaining trial balance stays as demo money.
              </Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        submitting={submitting}
        submitLabel="Send STK Push"
        loadingText="Sending"
        submitDisabled={amount.trim() === "" || phoneNumber.trim() === "" || send.offline}
      />
    </form>
  );
}
