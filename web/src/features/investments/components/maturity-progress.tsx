import { Flex, Progress, Text } from "@chakra-ui/react";
import { formatNairobiDate } from "../../../lib/format";

/** Dated by Nairobi's calendar, like the maturity the package card showed before the purchase. */
export function MaturityProgress({ percent, start, maturity }: { percent: number; start: string; maturity: string }) {
  return (
    <Progress.Root value={percent} size="sm" colorPalette="brand">
      <Flex justify="space-between" mb="1">
        <Progress.Label fontSize="sm">Progress to maturity</Progress.Label>
        <Progress.ValueText fontSize="sm" />
      </Flex>
      <Progress.Track borderRadius="full">
        <Progress.Range />
      </Progress.Track>
      <Flex justify="space-between" gap="2" wrap="wrap" mt="1" fontSize="xs" color="fg.muted">
        <Text>Started {formatNairobiDate(start)}</Text>
        <Text>Matures {formatNairobiDate(maturity)}</Text>
      </Flex>
    </Progress.Root>
  );
}
