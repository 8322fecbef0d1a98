import { Box, HStack, Spinner, Text } from "@chakra-ui/react";
import { formatKes } from "../../../lib/format";
import { useDepositWatch } from "../hooks/use-deposit-watch";

/** A quiet sign beside the header balance that a deposit is waiting for M-Pesa; the balance updates when it lands. */
export function PendingDepositStatus() {
  const { pending } = useDepositWatch();
  const [first] = pending;
  if (!first) return null;
  const detail = pending.length === 1 ? formatKes(first.amount) : `${pending.length} deposits`;

  return (
    <HStack
      role="status"
      gap="1.5"
      px="2.5"
      py="1"
      borderRadius="full"
      bg="brand.subtle"
      color="brand.fg"
      fontSize="sm"
      fontWeight="medium"
      flexShrink="0"
    >
      <Spinner size="xs" />
      <Text as="span" whiteSpace="nowrap">
        Awaiting M-Pesa
        <Box as="span" hideBelow="sm">
          : {detail}
        </Box>
      </Text>
    </HStack>
  );
}
