import { Button, Dialog } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { DialogFrame } from "../ui/dialog-frame";

interface ReviewDialogProps {
  title: string;
  onClose: () => void;
  /**
   * The body and footer: a form for a request still open to a decision, or ReviewDetails. A form reports its request
   * in flight through `onSubmittingChange`.
   */
  children: (onSubmittingChange: (submitting: boolean) => void) => ReactNode;
}

/**
 * The dialog an admin opens from a row of a list of requests, to decide on one or to read it. While a decision is in
 * flight nothing closes it (Escape, the backdrop and the corner button included), so its answer is not lost.
 */
export function ReviewDialog({ title, onClose, children }: ReviewDialogProps) {
  const [submitting, setSubmitting] = useState(false);

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && !submitting && onClose()}>
      <DialogFrame title={title} closeDisabled={submitting} closeLabel="Close dialog">
        {children(setSubmitting)}
      </DialogFrame>
    </Dialog.Root>
  );
}

/** A ReviewDialog's read-only body, for a request there is nothing left to decide on, and its Close button. */
export function ReviewDetails({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <>
      <Dialog.Body>{children}</Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  );
}
