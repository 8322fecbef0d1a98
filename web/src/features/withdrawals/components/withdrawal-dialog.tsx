import { Button, Dialog } from "@chakra-ui/react";
import { useState } from "react";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { useAuth } from "../../../lib/auth/use-auth";
import { useOnline } from "../../../lib/use-online";
import { WithdrawalForm } from "./withdrawal-form";

/** The Withdraw button and its modal. The form mounts on each opening, so it starts from the profile's phone. */
export function WithdrawalDialog() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Offline, no money action starts (issue 24): the offline banner says why.
  const online = useOnline();
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
        <Button variant="outline" disabled={!online}>
          Withdraw
        </Button>
      </Dialog.Trigger>
      <DialogFrame title="Withdraw Funds" closeDisabled={submitting}>
        <WithdrawalForm user={user} onSubmittingChange={setSubmitting} onDone={() => setOpen(false)} />
      </DialogFrame>
    </Dialog.Root>
  );
}
