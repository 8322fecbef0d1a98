import { DEPOSIT_INPUT_MESSAGES, MAX_DEPOSIT_KES, MIN_DEPOSIT_KES } from "@jengafund/shared";

/** The amount checks of spec §5 made before asking the server, with the server's own texts. */
export function depositAmountRefusal(amountKes: number): string | undefined {
  if (!(amountKes >= MIN_DEPOSIT_KES)) return DEPOSIT_INPUT_MESSAGES.minimum;
  if (!Number.isInteger(amountKes)) return DEPOSIT_INPUT_MESSAGES.wholeShillings;
  if (amountKes > MAX_DEPOSIT_KES) return DEPOSIT_INPUT_MESSAGES.maximum;
  return undefined;
}
