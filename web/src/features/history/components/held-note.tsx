import { Text } from "@chakra-ui/react";
import type { HeldWithdrawalStage } from "@jengafund/shared";
import { heldNote } from "../lib/held-withdrawals";

/** Under a withdrawal not paid yet: what it waits for, and that its amount is held rather than paid out. */
export function HeldNote({ amountKes, stage }: { amountKes: number; stage: HeldWithdrawalStage | undefined }) {
  const { label, text } = heldNote(amountKes, stage);
  return (
    <Text fontSize="sm" color="orange.fg" data-testid="held-note">
      {label && (
        <Text as="strong" fontWeight="semibold">
          {label}:{" "}
        </Text>
      )}
      {text}
    </Text>
  );
}
