import { Alert, Dialog, Flex, Input, Stack, Text } from "@chakra-ui/react";
import {
  formatKes,
  MAX_PAYOUT_KES,
  MIN_PAYOUT_KES,
  normalizeKenyanPhone,
  SECURITY_MESSAGES,
  type User,
} from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { FormField } from "../../../components/ui/form-field";
import { VerifyIdentityNotice } from "../../../components/ui/verify-identity-notice";
import { ApiError, errorMessage, isKycRequired } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import type { FieldErrors } from "../../../lib/field-errors";
import { PHONE_FORMATS } from "../../../lib/phone-formats";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { requestWithdrawal } from "../api/request-withdrawal";
import { withdrawalRefusal } from "../lib/withdrawal-refusal";
import { PayoutNumberChoices } from "./payout-number-choices";

interface WithdrawalFormProps {
  user: User;
  onSubmittingChange: (submitting: boolean) => void;
  onDone: () => void;
}

export function WithdrawalForm({ user, onSubmittingChange, onDone }: WithdrawalFormProps) {
  const { setUser } = useAuth();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState("");
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber);
  /** A refusal found before sending, shown on its field until that field changes (and in the spec's toast). */
  const [errors, setErrors] = useState<FieldErrors<"amount" | "phoneNumber">>({});
  /** Refused beyond an unverified account's daily limit: the message with the way to Verify identity. */
  const [kycRequired, setKycRequired] = useState<string | null>(null);
  const withdrawal = useMutation({
    mutationFn: requestWithdrawal,
    onMutate: () => onSubmittingChange(true),
    onSettled: () => onSubmittingChange(false),
    onSuccess: (result) => {
      setUser(result.user);
      toast.success("Withdrawal request submitted successfully! It will be processed by our admin team.");
      onDone();
      void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
    },
    onError: (error) => {
      const message = errorMessage(error, "Failed to submit withdrawal request");
      // A number the account may not pay out to is said on its field too (design.md §12.2). One that may, but not
      // yet (§13.2), already says so beside it in the choices.
      if (error instanceof ApiError && error.serverMessage === SECURITY_MESSAGES.payoutNumberNotAllowed) {
        setErrors({ phoneNumber: message });
      }
      if (isKycRequired(error)) setKycRequired(message);
      toast.error(message);
    },
  });
  // One request per tap: a double tap on Request Withdrawal finds the first on its way (design.md §12.7).
  const submit = useOneAtATime((input: { amount: number; phoneNumber: string }) => withdrawal.mutateAsync(input));

  function choosePhoneNumber(value: string) {
    setPhoneNumber(value);
    setErrors(({ phoneNumber: _changed, ...rest }) => rest);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = Number(amount);
    const refused = withdrawalRefusal(value, phoneNumber, user);
    setErrors(refused ? { [refused.field]: refused.message } : {});
    if (refused) {
      toast.error(refused.message);
      return;
    }
    submit.run({ amount: value, phoneNumber: phoneNumber.trim() });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap" bg="bg.muted" borderRadius="md" p="3">
            <Text fontSize="sm" color="fg.muted">
              Wallet balance
            </Text>
            <Text fontWeight="bold">{formatKes(user.walletBalance)}</Text>
          </Flex>
          {(user.isTrialAccount || user.trialBalance > 0) && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>
                Trial money is for trying JengaFund and stays on the platform. Money you deposit via M-Pesa and your
                referral earnings can be withdrawn.
              </Alert.Description>
            </Alert.Root>
          )}
          <FormField
            label="Amount (KES)"
            error={errors.amount}
            helper={`Whole shillings, from ${formatKes(MIN_PAYOUT_KES)} (the smallest M-Pesa payout) to ${formatKes(MAX_PAYOUT_KES)}.`}
          >
            <AmountInput
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setErrors(({ amount: _changed, ...rest }) => rest);
                setKycRequired(null);
              }}
              min={MIN_PAYOUT_KES}
              max={MAX_PAYOUT_KES}
              wholeShillings
            />
          </FormField>
          <FormField
            label="M-Pesa Phone Number"
            error={errors.phoneNumber}
            helper={`The number that receives the money, e.g. ${PHONE_FORMATS}.`}
          >
            <Input
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              placeholder="254712345678"
              value={phoneNumber}
              onChange={(event) => choosePhoneNumber(event.target.value)}
            />
          </FormField>
          <PayoutNumberChoices
            selected={normalizeKenyanPhone(phoneNumber) ?? phoneNumber}
            onChoose={choosePhoneNumber}
          />
          {kycRequired && <VerifyIdentityNotice message={kycRequired} onLeave={onDone} />}
          <Text fontSize="sm" color="fg.muted">
            Our admin team reviews every request. Withdrawals take 1–3 business days to process.
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        submitting={submit.busy}
        submitLabel="Request Withdrawal"
        loadingText="Submitting"
        submitDisabled={amount.trim() === "" || phoneNumber.trim() === "" || submit.offline}
      />
    </form>
  );
}
