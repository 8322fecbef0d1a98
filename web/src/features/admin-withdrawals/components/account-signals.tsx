import { Badge, Stack, Text, Wrap } from "@chakra-ui/react";
import type { Withdrawal } from "@jengafund/shared";
import { useState } from "react";
import { accountSignals, firstProvenText, paysRegisteredNumber } from "../lib/account-signals";

/**
 * The account's signals as badges of text: the words carry the meaning, the colour only draws the eye (orange for
 * what deserves a closer look, grey otherwise). Nothing when the answer carries no account.
 */
export function AccountSignals({ withdrawal }: { withdrawal: Withdrawal }) {
  const [now] = useState(() => new Date());
  if (!withdrawal.account) return null;
  return (
    <Wrap as="ul" gap="1.5" listStyle="none" aria-label="Account signals">
      {accountSignals(withdrawal.account, now).map((signal) => (
        <Badge
          as="li"
          key={signal.key}
          colorPalette={signal.notable ? "orange" : "gray"}
          variant="subtle"
          whiteSpace="normal"
          textAlign="start"
        >
          {signal.text}
        </Badge>
      ))}
    </Wrap>
  );
}

/**
 * The payout number and, beside it, the registered one, or that they are the same; for a number proven by a deposit,
 * how long ago it was first proven (a new one is how a stolen password reaches money: design.md §13.2).
 */
export function PayoutAndRegisteredNumber({ withdrawal }: { withdrawal: Withdrawal }) {
  const [now] = useState(() => new Date());
  const same = paysRegisteredNumber(withdrawal);
  const firstProven = firstProvenText(withdrawal, now);
  return (
    <Stack gap="1" align="start">
      <Text whiteSpace="nowrap">{withdrawal.phoneNumber}</Text>
      {same === true && (
        <Badge colorPalette="gray" variant="subtle">
          Registered number
        </Badge>
      )}
      {same === false && (
        <>
          <Badge colorPalette="orange" variant="subtle">
            Not the registered number
          </Badge>
          {firstProven && <Text whiteSpace="nowrap">{firstProven}</Text>}
          <Text color="fg.muted" whiteSpace="nowrap">
            Registered: {withdrawal.account?.registeredPhoneNumber}
          </Text>
        </>
      )}
    </Stack>
  );
}
