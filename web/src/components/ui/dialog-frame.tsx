import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";

interface DialogFrameProps {
  title: ReactNode;
  /** Makes the whole dialog one form, so its footer's submit button and Enter in a field both submit it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Disables the corner close button, e.g. while a request is in flight. */
  closeDisabled?: boolean;
  closeLabel?: string;
  mx?: Dialog.ContentProps["mx"];
  /** The body and footer; the title and the corner close button are the frame's. */
  children: ReactNode;
}

/** What every modal puts inside its Dialog.Root: backdrop, a titled panel, and a close button in the corner. */
export function DialogFrame({
  title,
  onSubmit,
  closeDisabled,
  closeLabel = "Close",
  mx = "4",
  children,
}: DialogFrameProps) {
  const content = (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      {children}
      <Dialog.CloseTrigger asChild disabled={closeDisabled}>
        <CloseButton size="sm" aria-label={closeLabel} />
      </Dialog.CloseTrigger>
    </>
  );
  return (
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        {onSubmit ? (
          <Dialog.Content mx={mx} asChild>
            <form onSubmit={onSubmit} noValidate>
              {content}
            </form>
          </Dialog.Content>
        ) : (
          <Dialog.Content mx={mx}>{content}</Dialog.Content>
        )}
      </Dialog.Positioner>
    </Portal>
  );
}
