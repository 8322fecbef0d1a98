import { Button, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { withToast } from "./toast";

export interface ActionToastOptions {
  /** One toast per id: a second call while it shows does nothing. */
  toastId: string;
  message: string;
  /** The button's label, e.g. "Reload". */
  actionLabel: string;
  /** Runs on the button; the button shows it is busy until it settles. */
  onAction: () => Promise<void>;
}

/**
 * A toast that asks for a decision: it stays until the user acts or closes it (no timer, and a tap on its text does
 * not close it), so nothing happens on the user's behalf while they are looking elsewhere.
 */
export function showActionToast({ toastId, message, actionLabel, onAction }: ActionToastOptions): void {
  withToast((toast) => {
    if (toast.isActive(toastId)) return;
    toast(<ActionToastBody message={message} actionLabel={actionLabel} onAction={onAction} />, {
      toastId,
      autoClose: false,
      closeOnClick: false,
      draggable: false,
      closeButton: true,
    });
  });
}

function ActionToastBody({ message, actionLabel, onAction }: Omit<ActionToastOptions, "toastId">) {
  const [busy, setBusy] = useState(false);
  const act = async () => {
    setBusy(true);
    try {
      await onAction();
    } finally {
      setBusy(false);
    }
  };
  return (
    <HStack justify="space-between" gap="3" width="full">
      <Text>{message}</Text>
      <Button size="sm" flexShrink={0} loading={busy} onClick={() => void act()}>
        {actionLabel}
      </Button>
    </HStack>
  );
}
