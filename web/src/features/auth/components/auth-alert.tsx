import { Alert } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A refusal or failure said inside the form, where the user is looking, and announced to screen readers. */
export function AuthAlert({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="error" variant="subtle" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
