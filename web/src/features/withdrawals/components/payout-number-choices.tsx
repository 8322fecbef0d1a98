import { Button, Stack, Text, Wrap } from "@chakra-ui/react";
import type { PayoutNumber } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { getPayoutNumbers, payoutNumbersKey } from "../api/get-payout-numbers";

/** How a number may be added to the list (design.md §12.2). */
export const ADD_PAYOUT_NUMBER_HINT = "Deposit once from a number to be able to withdraw to it.";

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
 * The numbers a withdrawal may pay to, as buttons that fill the phone field, and how to add one. While the list loads
 * (or if it cannot be read) only the hint shows: the field itself still works and the server has the last word.
 */
export function PayoutNumberChoices({ selected, onChoose }: PayoutNumberChoicesProps) {
  const numbers = useQuery({ queryKey: payoutNumbersKey, queryFn: getPayoutNumbers, staleTime: 0 });
  const list = numbers.data ?? [];

  return (
    <Stack gap="2" role="group" aria-labelledby="payout-numbers-title">
      <Text id="payout-numbers-title" fontSize="sm" fontWeight="medium">
        Numbers you can withdraw to
      </Text>
      {list.length > 0 && (
        <Wrap gap="2">
          {list.map((number) => {
            const chosen = number.phoneNumber === selected;
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
                  ({sourceLabel[number.source]})
                </Text>
              </Button>
            );
          })}
        </Wrap>
      )}
      <Text fontSize="sm" color="fg.muted">
        {ADD_PAYOUT_NUMBER_HINT}
      </Text>
    </Stack>
  );
}
