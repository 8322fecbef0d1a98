import { Box, Dialog, Tabs } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { type ReactNode, Suspense, useState } from "react";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { SectionSpinner } from "../../../components/ui/section-spinner";
import { DepositForm } from "./deposit-form";

interface DepositDialogBodyProps {
  user: User;
  paybill?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus returns when the modal closes: the Deposit button. */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * The Deposit Funds modal: deposit-dialog.tsx loads it only when the Deposit button is first pressed (or when the
 * browser is idle), so the dashboard's first screen does not wait for the form and its rules. The form mounts on each
 * opening, so it starts from the profile's phone.
 */
export function DepositDialogBody({ user, paybill, open, onOpenChange, returnFocusTo }: DepositDialogBodyProps) {
  const [submitting, setSubmitting] = useState(false);

  const stk = <DepositForm user={user} onSubmittingChange={setSubmitting} onDone={() => onOpenChange(false)} />;
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !submitting && onOpenChange(details.open)}
      finalFocusEl={returnFocusTo}
      placement="center"
      lazyMount
      unmountOnExit
    >
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
            <Tabs.Content value="paybill">
              {/* The app may hand the tab in as a lazily loaded screen. */}
              <Suspense fallback={<SectionSpinner />}>{paybill}</Suspense>
            </Tabs.Content>
          </Tabs.Root>
        ) : (
          stk
        )}
      </DialogFrame>
    </Dialog.Root>
  );
}
