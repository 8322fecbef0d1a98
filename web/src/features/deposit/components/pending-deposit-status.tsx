import { Box, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { formatKes } from "../../../lib/format";
import { useDepositWatch } from "../hooks/use-deposit-watch";
import { DEPOSIT_INDICATOR } from "../lib/deposit-messages";
import { DEPOSIT_POLLING } from "../lib/deposit-polling";
import type { PendingDeposit } from "../lib/deposit-watch-context";

/**
 * Whether one of the deposits has waited longer than the notice's threshold, re-rendering at the moment the oldest
 * crosses it.
 */
function useLongWait(pending: readonly PendingDeposit[]): boolean {
  const [, setTick] = useState(0);
  const oldest = pending.reduce((min, deposit) => Math.min(min, deposit.startedAt), Number.POSITIVE_INFINITY);
  const noticeAt = oldest + DEPOSIT_POLLING.longWaitNoticeAfterMs;
  useEffect(() => {
    const wait = noticeAt - Date.now();
    if (!Number.isFinite(wait) || wait <= 0) return;
    const timer = setTimeout(() => setTick((tick) => tick + 1), wait);
    return () => clearTimeout(timer);
  }, [noticeAt]);
  return Date.now() >= noticeAt;
}

/**
 * A quiet sign beside the header balance that a deposit is waiting for M-Pesa; the balance updates when it lands.
 * Once it has waited a while it also says that M-Pesa is still confirming and not to pay again (design.md §12.7).
 */
export function PendingDepositStatus() {
  const { pending } = useDepositWatch();
  const longWait = useLongWait(pending);
  const [first] = pending;
  if (!first) return null;
  const detail = pending.length === 1 ? formatKes(first.amount) : `${pending.length} deposits`;

  return (
    <HStack
      role="status"
      gap="1.5"
      px="2.5"
      py="1"
      borderRadius={longWait ? "l2" : "full"}
      bg="brand.subtle"
      color="brand.fg"
      fontSize="sm"
      fontWeight="medium"
      flexShrink="0"
    >
      <Spinner size="xs" />
      <Stack gap="0">
        <Text as="span" whiteSpace="nowrap">
          {DEPOSIT_INDICATOR.awaiting}
          <Box as="span" hideBelow="sm">
            : {detail}
          </Box>
        </Text>
        {longWait && (
          <Text as="span" fontSize="xs" fontWeight="normal" data-testid="deposit-long-wait">
            <Box as="span" aria-hidden="true" hideFrom="sm" whiteSpace="nowrap">
              {DEPOSIT_INDICATOR.longWaitShort}
            </Box>
            {/* Read by screen readers at every width, shown only from `sm` up (a phone shows the short form). */}
            <Box as="span" srOnly={{ base: true, sm: false }}>
              {DEPOSIT_INDICATOR.longWait}
            </Box>
          </Text>
        )}
      </Stack>
    </HStack>
  );
}
