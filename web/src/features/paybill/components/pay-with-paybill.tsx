import { Box, Button, Dialog, Flex, Heading, List, Stack, Text } from "@chakra-ui/react";
import type { PaybillDetails } from "@jengafund/shared";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CheckCircleIcon, CopyIcon } from "../../../components/ui/icons";
import { QueryState } from "../../../components/ui/query-state";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { getPaybillDetails } from "../api/get-paybill-details";
import { usePaybillWatch } from "../hooks/use-paybill-watch";
import { PAYBILL_TEXTS } from "../lib/paybill-messages";

/** How long a Copy button says "Copied". */
const COPIED_FOR_MS = 2_000;

/**
 * The Deposit dialog's other way to pay (design.md §12.3): the business and account numbers, each with a Copy button,
 * and the M-PESA menu steps. Once the numbers are on screen a payment is awaited, so its landing is announced even
 * after this dialog has closed (PaybillWatchProvider).
 */
export function PayWithPaybill() {
  const details = useQuery({
    queryKey: queryKeys.paybill.details,
    queryFn: getPaybillDetails,
    staleTime: 5 * 60_000,
  });
  return (
    <>
      <Dialog.Body>
        <QueryState query={details} what="the Paybill numbers">
          {(numbers) => <PaybillNumbers {...numbers} />}
        </QueryState>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button>{PAYBILL_TEXTS.done}</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </>
  );
}

function PaybillNumbers({ businessNumber, accountNumber }: PaybillDetails) {
  const { showingDetails } = usePaybillWatch();
  const [announcement, setAnnouncement] = useState("");
  // On screen until this view goes: the wait counts from the last moment they were shown.
  useEffect(showingDetails, [showingDetails]);

  return (
    <Stack gap="4">
      <Text fontSize="sm" color="fg.muted">
        {PAYBILL_TEXTS.intro}
      </Text>
      <Stack as="dl" gap="3">
        <CopyableNumber label={PAYBILL_TEXTS.businessNumber} value={businessNumber} onCopied={setAnnouncement} />
        <CopyableNumber label={PAYBILL_TEXTS.accountNumber} value={accountNumber} onCopied={setAnnouncement} />
      </Stack>
      <Box srOnly role="status" aria-live="polite">
        {announcement}
      </Box>
      <Stack gap="2">
        <Heading as="h3" size="sm" id="paybill-steps-title">
          {PAYBILL_TEXTS.stepsTitle}
        </Heading>
        <List.Root as="ol" aria-labelledby="paybill-steps-title" gap="1" ps="5" fontSize="sm">
          {PAYBILL_TEXTS.steps(businessNumber, accountNumber).map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
      </Stack>
    </Stack>
  );
}

interface CopyableNumberProps {
  label: string;
  value: string;
  /** Said to screen readers once the number is on the clipboard. */
  onCopied: (notice: string) => void;
}

function CopyableNumber({ label, value, onCopied }: CopyableNumberProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const testId = `paybill-${label.toLowerCase().replace(/\W+/g, "-")}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast.error(PAYBILL_TEXTS.copyFailed);
      return;
    }
    setCopied(true);
    onCopied(PAYBILL_TEXTS.copiedNotice(label));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
  }

  return (
    <Box borderWidth="1px" borderRadius="l2" bg="bg.subtle" px="3" py="2">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Flex as="dd" align="center" justify="space-between" gap="3">
        <Text
          as="span"
          data-testid={testId}
          fontFamily="mono"
          fontSize="xl"
          fontWeight="semibold"
          translate="no"
          overflowWrap="anywhere"
        >
          {value}
        </Text>
        <Button variant="outline" size="sm" flexShrink="0" minW="6.5rem" onClick={() => void copy()}>
          {copied ? <CheckCircleIcon /> : <CopyIcon />}
          {copied ? PAYBILL_TEXTS.copied : PAYBILL_TEXTS.copy}
          <Box as="span" srOnly>
            {` ${label.toLowerCase()}`}
          </Box>
        </Button>
      </Flex>
    </Box>
  );
}
