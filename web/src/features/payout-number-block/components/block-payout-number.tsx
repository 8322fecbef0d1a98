import { Alert, Button, Link, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { blockPayoutNumber } from "../api/block-payout-number";
import { BLOCK_TEXTS } from "../lib/block-texts";

type Outcome = { kind: "blocked" | "refused" | "failed"; message: string };

/**
 * Blocks the new payout number a notice's link names (design.md §13.2). It asks for a tap first rather than acting as
 * the page loads, so a mail scanner opening the link cannot spend it. The server's answer is shown as it says it: the
 * number removed and every session ended, or the link used or expired; a network failure can be tried again.
 */
export function BlockPayoutNumber({ token }: { token: string | null }) {
  const [outcome, setOutcome] = useState<Outcome>();
  const block = useOneAtATime(async () => {
    if (!token) return;
    try {
      const { message } = await blockPayoutNumber(token);
      setOutcome({ kind: "blocked", message });
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 400;
      setOutcome({ kind: refused ? "refused" : "failed", message: errorMessage(error, BLOCK_TEXTS.failed) });
    }
  });

  if (!token) return <Result status="error" message={BLOCK_TEXTS.missingToken} />;
  if (outcome?.kind === "blocked") {
    return (
      <Stack gap="4">
        <Result status="success" message={outcome.message} />
        <Text>{BLOCK_TEXTS.next}</Text>
        <SignIn />
      </Stack>
    );
  }
  if (outcome?.kind === "refused") {
    return (
      <Stack gap="4">
        <Result status="error" message={outcome.message} />
        <SignIn />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <Text>{BLOCK_TEXTS.explain}</Text>
      {outcome?.kind === "failed" && <Result status="error" message={outcome.message} />}
      <Button
        colorPalette="red"
        size="lg"
        w="full"
        loading={block.busy}
        loadingText={BLOCK_TEXTS.busy}
        disabled={block.offline}
        onClick={() => block.run()}
      >
        {BLOCK_TEXTS.action}
      </Button>
    </Stack>
  );
}

function Result({ status, message }: { status: "success" | "error"; message: string }) {
  return (
    <Alert.Root status={status} variant="subtle" role={status === "error" ? "alert" : "status"}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function SignIn() {
  return (
    <Text textAlign="center" fontSize="sm">
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={paths.login}>{BLOCK_TEXTS.signIn}</RouterLink>
      </Link>
    </Text>
  );
}
