import { Alert, Button, Dialog, HStack, RadioGroup, Spinner, Stack, Textarea } from "@chakra-ui/react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { FieldErrors } from "../../lib/field-errors";
import { useOneAtATime } from "../../lib/use-one-at-a-time";
import { FormField } from "../ui/form-field";

/** An admin's answer to a request that waits for one, as the API names it. */
export type Decision = "approved" | "rejected";

/** The decision as the form holds it: the reason as typed, before it is trimmed to be sent. */
export interface DecisionChoice {
  status: Decision;
  reason: string;
}

const actions: readonly { value: Decision; label: string }[] = [
  { value: "approved", label: "Approve" },
  { value: "rejected", label: "Reject" },
];

interface DecisionFormProps {
  /** What is decided, as the submit button names it: "Withdrawal" makes "Approve Withdrawal" and "Reject Withdrawal". */
  subject: string;
  /** What the admin decides on, shown above the choice. */
  children: ReactNode;
  /** The decision is in flight: every control is disabled and submit shows a spinner. */
  submitting: boolean;
  onCancel: () => void;
  /**
   * Receives the decision, its reason trimmed, once it passes the checks below. A promise of the whole request (a
   * mutation's mutateAsync) holds the form from the tap until it settles, so a double tap decides once; without one,
   * only `submitting` holds it.
   */
  onDecide: (decision: DecisionChoice) => unknown;
  /** Keeps submit disabled while a rejection has no reason (blank counts as none), rather than refusing it on submit. */
  requireRejectionReason?: boolean;
  /** Checks the decision on submit: errors refuse it and show under the reason until either field changes. */
  validate?: (choice: DecisionChoice) => FieldErrors<"reason"> | null;
  /**
   * Why this admin may not approve, as the server said before they tried (design.md §13.6): shown above the choice,
   * with Approve disabled. Rejecting stays open.
   */
  approveBlockedReason?: string;
  /**
   * The request was decided elsewhere since the dialog opened (design.md §13.6): said above the choice, with every
   * control but Cancel disabled. Not while this admin's own decision is in flight (its answer closes the dialog).
   */
  closedReason?: string | null;
}

/**
 * The body and footer of a dialog where an admin approves or rejects a request: the request's details, an
 * Approve/Reject choice, a reason (required to reject, an optional note to approve), Cancel, and a submit button named
 * after the choice.
 */
export function DecisionForm({
  subject,
  children,
  submitting,
  onCancel,
  onDecide,
  requireRejectionReason = false,
  validate,
  approveBlockedReason,
  closedReason,
}: DecisionFormProps) {
  const blockedId = useId();
  const [action, setAction] = useState<Decision | null>(null);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<FieldErrors<"reason">>({});
  const decide = useOneAtATime(async (choice: DecisionChoice) => onDecide(choice));
  const busy = submitting || decide.busy;
  const closed = !busy && Boolean(closedReason);
  const rejecting = action === "rejected";
  const ready = action !== null && !(requireRejectionReason && rejecting && reason.trim() === "");

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!action || !ready) return;
    const refused = validate?.({ status: action, reason }) ?? null;
    setErrors(refused ?? {});
    if (!refused) decide.run({ status: action, reason: reason.trim() });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="5">
          {children}
          {closed ? (
            <Alert.Root status="info" variant="subtle">
              <Alert.Indicator />
              <Alert.Description>{closedReason}</Alert.Description>
            </Alert.Root>
          ) : null}
          {approveBlockedReason && (
            <Alert.Root status="warning" variant="subtle">
              <Alert.Indicator />
              <Alert.Description id={blockedId}>{approveBlockedReason}</Alert.Description>
            </Alert.Root>
          )}
          <RadioGroup.Root
            name="action"
            value={action}
            onValueChange={({ value }) => {
              setAction(value as Decision);
              setErrors({});
            }}
            disabled={busy || closed}
          >
            <RadioGroup.Label>Action</RadioGroup.Label>
            <HStack gap="6" mt="2">
              {actions.map((option) => {
                const blocked = option.value === "approved" && approveBlockedReason !== undefined;
                return (
                  <RadioGroup.Item key={option.value} value={option.value} disabled={blocked}>
                    <RadioGroup.ItemHiddenInput {...(blocked ? { "aria-describedby": blockedId } : {})} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                );
              })}
            </HStack>
          </RadioGroup.Root>
          <FormField label="Reason" required={rejecting} error={errors.reason}>
            <Textarea
              name="reason"
              rows={3}
              placeholder={rejecting ? "Required rejection reason..." : "Optional approval note..."}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setErrors({});
              }}
              disabled={busy || closed}
            />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {/* The spinner sits beside the label rather than replacing it, so the button keeps its name while busy. */}
        <Button
          type="submit"
          colorPalette={rejecting ? "red" : undefined}
          disabled={!ready || busy || closed || decide.offline}
        >
          {busy && <Spinner size="sm" />}
          {rejecting ? `Reject ${subject}` : `Approve ${subject}`}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
