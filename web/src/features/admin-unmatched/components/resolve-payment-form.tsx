import { Alert, Button, Dialog, HStack, Input, RadioGroup, Spinner, Stack, Textarea } from "@chakra-ui/react";
import {
  AssignUnmatchedPaymentSchema,
  notCreditable,
  type ResolveUnmatchedPaymentInput,
  ReturnUnmatchedPaymentSchema,
  type UnmatchedPayment,
  type User,
} from "@jengafund/shared";
import { type FormEvent, useState } from "react";
import { FormField } from "../../../components/ui/form-field";
import { errorMessage } from "../../../lib/api-client";
import { type FieldErrors, fieldErrors } from "../../../lib/field-errors";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { RESOLVE_FAILED, useResolvePayment } from "../hooks/use-resolve-payment";
import { PaymentDetails } from "./payment-details";
import { UserPicker } from "./user-picker";

type Resolution = "credit" | "return";
type Field = "userId" | "receipt" | "reason";

const actions: readonly { value: Resolution; label: string }[] = [
  { value: "credit", label: "Credit a user" },
  { value: "return", label: "Mark as returned" },
];

interface ResolvePaymentFormProps {
  payment: UnmatchedPayment;
  onSubmittingChange: (submitting: boolean) => void;
  onCancel: () => void;
  onResolved: () => void;
}

/**
 * What an admin does with a payment that named no account: credit it to the user it was meant for (the payer's
 * account number, a support ticket), or record that it was sent back to the payer with the reversal's receipt. The
 * API's own schemas check the form before anything is sent; a refusal stays on the dialog, and in a toast.
 */
export function ResolvePaymentForm({ payment, onSubmittingChange, onCancel, onResolved }: ResolvePaymentFormProps) {
  const [action, setAction] = useState<Resolution | null>(null);
  const [user, setUser] = useState<User | null>(null);
  const [receipt, setReceipt] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const resolution = useResolvePayment({ payment, onSubmittingChange, onResolved });
  // One request per tap: a double tap credits the payment once (design.md §12.7).
  const resolve = useOneAtATime((input: ResolveUnmatchedPaymentInput) => resolution.mutateAsync(input));
  const busy = resolve.busy;
  // A payment outside Paybill's amounts, or a receipt conflict, can only be returned (design.md §13.3).
  const onlyReturn = notCreditable(payment);

  function edited() {
    setErrors({});
    resolution.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action) return;
    const parsed =
      action === "credit"
        ? AssignUnmatchedPaymentSchema.safeParse({ userId: user?._id ?? "", reason })
        : ReturnUnmatchedPaymentSchema.safeParse({ status: "returned", receipt, reason });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    resolve.run(parsed.data);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="5">
          <PaymentDetails payment={payment} />
          <RadioGroup.Root
            name="resolution"
            value={action}
            onValueChange={({ value }) => {
              setAction(value as Resolution);
              edited();
            }}
            disabled={busy}
          >
            <RadioGroup.Label>Action</RadioGroup.Label>
            <HStack gap="6" mt="2" wrap="wrap">
              {actions.map((option) => (
                <RadioGroup.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.value === "credit" && onlyReturn !== null}
                >
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          {onlyReturn && (
            <Alert.Root status="info" variant="subtle">
              <Alert.Indicator />
              <Alert.Description>{onlyReturn}</Alert.Description>
            </Alert.Root>
          )}
          {action === "credit" && (
            <UserPicker
              selected={user}
              onSelect={(picked) => {
                setUser(picked);
                edited();
              }}
              error={errors.userId && "Choose the user to credit"}
              disabled={busy}
            />
          )}
          {action === "return" && (
            <FormField
              label="Reversal receipt"
              helper="The M-Pesa receipt of the reversal that sent the money back to the payer."
              error={errors.receipt}
            >
              <Input
                name="receipt"
                value={receipt}
                maxLength={10}
                autoComplete="off"
                fontFamily="mono"
                placeholder="e.g. RKT4AB12CD"
                // Receipts are upper case; typed in lower case they would only be refused.
                onChange={(event) => {
                  setReceipt(event.target.value.toUpperCase());
                  edited();
                }}
                disabled={busy}
              />
            </FormField>
          )}
          {action && (
            <FormField label="Reason" helper="Recorded in the audit trail with the payment." error={errors.reason}>
              <Textarea
                name="reason"
                rows={3}
                placeholder={action === "credit" ? "e.g. Support ticket: mistyped phone number" : "e.g. Payer asked"}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  edited();
                }}
                disabled={busy}
              />
            </FormField>
          )}
          {resolution.isError && (
            <Alert.Root status="error" variant="subtle">
              <Alert.Indicator />
              <Alert.Description>{errorMessage(resolution.error, RESOLVE_FAILED)}</Alert.Description>
            </Alert.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {/* The spinner sits beside the label, so the button keeps its name while busy. */}
        <Button type="submit" disabled={!action || busy || resolve.offline}>
          {busy && <Spinner size="sm" />}
          {action === "return" ? "Mark as Returned" : "Credit User"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
