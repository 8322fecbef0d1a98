import { Alert, Button, Stack, Text, Wrap } from "@chakra-ui/react";
import { nairobiShortDateTime, type PayoutNumber, SECURITY_MESSAGES } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { getPayoutNumbers, payoutNumbersKey } from "../api/get-payout-numbers";

/** How a number may be added to the list (design.md §12.2, §13.2). */
export const ADD_PAYOUT_NUMBER_HINT =
  "Deposit once from a number to be able to withdraw to it: payouts to a new number start 24 hours after its first deposit.";

/** A number not yet usable (design.md §13.2): when it will be, as the server would refuse it until then. */
export function payoutNumberWait(number: PayoutNumber, now: Date): string | undefined {
  const from = new Date(number.usableFrom);
  return now < from ? SECURITY_MESSAGES.payoutNumberWaiting(nairobiShortDateTime(from)) : undefined;
}

const sourceLabel: Record<PayoutNumber["source"], string> = {
  registered: "registered",
  deposit: "deposited from",
};

interface PayoutNumberChoicesProps {
  /** The number in the phone field, 2547… once normalised (or as typed). */
  selected: string;
  onChoose: (phoneNumber: string) => void;
}

/**
 * The numbers a withdrawal may pay to, as buttons that fill the phone field, and how to add one. A new number shows
 * when it becomes usable (Nairobi time), and choosing it says so before anything is sent. While the list loads (or if
 * it cannot be read) only the hint shows: the field itself still works and the server has the last word.
 */
export function PayoutNumberChoices({ selected, onChoose }: PayoutNumberChoicesProps) {
  const numbers = useQuery({ queryKey: payoutNumbersKey, queryFn: getPayoutNumbers, staleTime: 0 });
  const list = numbers.data ?? [];
  const now = new Date();
  const chosenWait = list.find((number) => number.phoneNumber === selected);
  const selectedWait = chosenWait && payoutNumberWait(chosenWait, now);

  return (
    <Stack gap="2" role="group" aria-labelledby="payout-numbers-title">
      <Text id="payout-numbers-title" fontSize="sm" fontWeight="medium">
        Numbers you can withdraw to
      </Text>
      {list.length > 0 && (
        <Wrap gap="2">
          {list.map((number) => {
            const chosen = number.phoneNumber === selected;
            const waits = payoutNumberWait(number, now) !== undefined;
            return (
              <Button
                key={number.phoneNumber}
                size="sm"
                variant={chosen ? "subtle" : "outline"}
                aria-pressed={chosen}
                onClick={() => onChoose(number.phoneNumber)}
                h="auto"
                py="1.5"
                whiteSpace="normal"
                textAlign="start"
              >
                {number.phoneNumber}
                <Text as="span" fontWeight="normal">
                  ({sourceLabel[number.source]}
                  {waits ? `, usable from ${nairobiShortDateTime(new Date(number.usableFrom))}` : ""})
                </Text>
              </Button>
            );
          })}
        </Wrap>
      )}
      {selectedWait && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{selectedWait}</Alert.Description>
        </Alert.Root>
      )}
      <Text fontSize="sm" color="fg.muted">
        {ADD_PAYOUT_NUMBER_HINT}
      </Text>
    </Stack>
  );
}
