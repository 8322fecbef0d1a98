import { Box, Button, Dialog, Tabs } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { useAuth } from "../../../lib/auth/use-auth";
import { DepositForm } from "./deposit-form";

interface DepositDialogProps {
  /**
   * The other way to pay, Paybill (design.md §12.3), offered beside the STK push as a tab. It belongs to another
   * feature, so the app composes it in.
   */
  paybill?: ReactNode;
}

/**
 * The Deposit button and its Deposit Funds modal. The form mounts on each opening, so it starts from the
 * profile's phone. What happens after the prompt is sent is the DepositWatchProvider's job: this modal closes.
 */
export function DepositDialog({ paybill }: DepositDialogProps) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  if (!user) return null;

  const stk = <DepositForm user={user} onSubmittingChange={setSubmitting} onDone={() => setOpen(false)} />;
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
        {paybill ? (
          <Tabs.Root defaultValue="stk" variant="line" fitted lazyMount unmountOnExit>
            <Box px="6">
              <Tabs.List>
                <Tabs.Trigger value="stk" disabled={submitting}>
                  STK Push
                </Tabs.Trigger>
                <Tabs.Trigger value="paybill" disabled={submitting}>
                  Pay with Paybill
                </Tabs.Trigger>
              </Tabs.List>
            </Box>
            <Tabs.Content value="stk">{stk}</Tabs.Content>
            <Tabs.Content value="paybill">{paybill}</Tabs.Content>
          </Tabs.Root>
        ) : (
          stk
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
