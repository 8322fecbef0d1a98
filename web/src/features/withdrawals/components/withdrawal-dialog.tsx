import { Button, CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useState } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { WithdrawalForm } from "./withdrawal-form";

/** The Withdraw button and its modal. The form mounts on each opening, so it starts from the profile's phone. */
export function WithdrawalDialog() {
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
        <Button variant="outline">Withdraw</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Withdraw Funds</Dialog.Title>
            </Dialog.Header>
            <WithdrawalForm user={user} onSubmittingChange={setSubmitting} onDone={() => setOpen(false)} />
            <Dialog.CloseTrigger asChild disabled={submitting}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
