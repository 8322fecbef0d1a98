import { Alert } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * Said inside the form, where the user is looking: a refusal or failure (`error`, announced to screen readers at once),
 * or a note on how the user came here (`info`, with the live-region role it is given, if any).
 */
export function AuthAlert({
  children,
  status = "error",
  role = status === "error" ? "alert" : undefined,
}: {
  children: ReactNode;
  status?: "error" | "info";
  role?: "alert" | "status";
}) {
  return (
    <Alert.Root status={status} variant="subtle" role={role}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
