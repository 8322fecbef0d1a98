import { Button, CloseButton, Dialog, Portal, Text } from "@chakra-ui/react";

/** The Deposit button and its Deposit Funds modal. The M-Pesa form replaces the body in the M-Pesa release. */
export function DepositDialog() {
  return (
    <Dialog.Root placement="center">
      <Dialog.Trigger asChild>
        <Button>Deposit</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>Deposit Funds</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>
                M-Pesa deposits are coming soon. You will be able to top up your wallet with a payment prompt sent
                straight to your phone.
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
