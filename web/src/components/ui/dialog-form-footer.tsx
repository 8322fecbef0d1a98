import { Button, Dialog } from "@chakra-ui/react";

interface DialogFormFooterProps {
  submitting: boolean;
  submitLabel: string;
  loadingText: string;
  submitDisabled?: boolean;
  /** Without it, Cancel asks the dialog to close and the dialog's own onOpenChange decides. */
  onCancel?: () => void;
}

/**
 * Cancel and submit for a form in a dialog: while the request is in flight, Cancel is disabled and submit shows its
 * loading text.
 */
export function DialogFormFooter({
  submitting,
  submitLabel,
  loadingText,
  submitDisabled,
  onCancel,
}: DialogFormFooterProps) {
  const cancel = (
    <Button variant="outline" onClick={onCancel} disabled={submitting}>
      Cancel
    </Button>
  );
  return (
    <Dialog.Footer>
      {onCancel ? cancel : <Dialog.ActionTrigger asChild>{cancel}</Dialog.ActionTrigger>}
      <Button type="submit" loading={submitting} loadingText={loadingText} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
