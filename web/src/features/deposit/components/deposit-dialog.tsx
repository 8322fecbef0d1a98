import { Button, Dialog } from "@chakra-ui/react";
import { useState } from "react";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { useAuth } from "../../../lib/auth/use-auth";
import { DepositForm } from "./deposit-form";

/**
 * The Deposit button and its Deposit Funds modal. The form mounts on each opening, so it starts from the
 * profile's phone. What happens after the prompt is sent is the DepositWatchProvider's job: this modal closes.
 */
export function DepositDialog() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  if (!user) return null;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !submitting && setOpen(details.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button>Deposit</Button>
      </Dialog.Trigger>
      <DialogFrame title="Deposit Funds" closeDisabled={submitting}>
        <DepositForm user={user} onSubmittingChange={setSubmitting} onDone={() => setOpen(false)} />
      </DialogFrame>
    </Dialog.Root>
  );
}
