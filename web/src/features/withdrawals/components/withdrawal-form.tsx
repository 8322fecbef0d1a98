import { Alert, Dialog, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { INVESTOR_MESSAGES, MIN_WITHDRAWAL_KES, type User } from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { toast } from "react-toastify";
import { AmountInput } from "../../../components/ui/amount-input";
import { DialogFormFooter } from "../../../components/ui/dialog-form-footer";
import { FormField } from "../../../components/ui/form-field";
import { errorMessage } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { formatKes } from "../../../lib/format";
import { requestWithdrawal } from "../api/request-withdrawal";

interface WithdrawalFormProps {
  user: User;
  onSubmittingChange: (submitting: boolean) => void;
  onDone: () => void;
}

/**
 * The client-side refusals of spec §5. One case is left to the server on purpose: a trial account with an empty
 * wallet gets the server's explanation that trial money cannot be withdrawn, which says more than
 * 'Insufficient balance' to someone looking at KES 1,000 in the header.
 */
function refusal(amount: number, user: User): string | undefined {
  if (!(amount >= MIN_WITHDRAWAL_KES)) return INVESTOR_MESSAGES.minimumWithdrawal;
  const onlyTrialMoney = user.isTrialAccount && user.walletBalance === 0;
  if (amount > user.walletBalance && !onlyTrialMoney) return INVESTOR_MESSAGES.insufficientBalance;
  return undefined;
}

export function WithdrawalForm({ user, onSubmittingChange, onDone }: WithdrawalFormProps) {
  const { setUser, refreshUser } = useAuth();
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
    const refused = refusal(value, user);
    if (refused) {
      toast.error(refused);
      return;
    }
    track(true);
    try {
      const result = await requestWithdrawal({ amount: value, phoneNumber: phoneNumber.trim() });
      setUser(result.user);
      toast.success("Withdrawal request submitted successfully! It will be processed by our admin team.");
      track(false);
      onDone();
      // The response already carried the new balance; the re-read only confirms it, so its failure is harmless.
      refreshUser().catch(() => {});
    } catch (error) {
      toast.error(errorMessage(error, "Failed to submit withdrawal request"));
      track(false);
    }
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
          {user.isTrialAccount && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>
                Trial money is for trying JengaFund and stays on the platform. Money you deposit via M-Pesa and your
                referral earnings can be withdrawn.
              </Alert.Description>
            </Alert.Root>
          )}
          <FormField label="Amount (KES)" helper="Whole shillings only.">
            <AmountInput value={amount} onChange={setAmount} min={MIN_WITHDRAWAL_KES} wholeShillings />
          </FormField>
          <FormField label="M-Pesa Phone Number" helper="The number that receives the money.">
            <Input
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              placeholder="254712345678"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
            />
          </FormField>
          <Text fontSize="sm" color="fg.muted">
            Our admin team reviews every request. Withdrawals take 1–3 business days to process.
          </Text>
        </Stack>
      </Dialog.Body>
      <DialogFormFooter
        submitting={submitting}
        submitLabel="Request Withdrawal"
        loadingText="Submitting"
        submitDisabled={amount.trim() === "" || phoneNumber.trim() === ""}
      />
    </form>
  );
}
