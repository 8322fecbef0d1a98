import { Button } from "@chakra-ui/react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useAuth } from "../../../lib/auth/use-auth";
import { useOnline } from "../../../lib/use-online";
import { prefetchWhenIdle } from "../../../lib/when-idle";

interface DepositDialogProps {
  /**
   * The other way to pay, Paybill (design.md §12.3), offered beside the STK push as a tab. It belongs to another
   * feature, so the app composes it in.
   */
  paybill?: ReactNode;
}

const loadBody = () => import("./deposit-dialog-body");
const DepositDialogBody = lazy(async () => ({ default: (await loadBody()).DepositDialogBody }));

/**
 * The Deposit button and its Deposit Funds modal. The modal's code (the form, its rules, the Paybill tab) is loaded
 * when the browser is idle or on the first press, not with the page. What happens after the prompt is sent is the DepositWatchProvider's job: this modal closes.
 */
export function DepositDialog({ paybill }: DepositDialogProps) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // Mounted from the first press on, so that the modal's own state and exit animation work as on any dialog.
  const [pressed, setPressed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Offline, no money action starts (issue 24): the offline banner says why.
  const online = useOnline();
  useEffect(() => prefetchWhenIdle(loadBody), []);
  if (!user) return null;

  return (
    <>
      <Button
        ref={button}
        disabled={!online}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setPressed(true);
          setOpen(true);
        }}
      >
        Deposit
      </Button>
      {pressed && (
        <Suspense fallback={null}>
          <DepositDialogBody
            user={user}
            paybill={paybill}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={() => button.current}
          />
        </Suspense>
      )}
    </>
  );
}
