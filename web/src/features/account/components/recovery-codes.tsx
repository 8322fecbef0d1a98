import { Alert, Box, Button, Code, Flex, Heading, List, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { CopyIcon, DownloadIcon } from "../../../components/ui/icons";
import { useAuth } from "../../../lib/auth/use-auth";
import { toast } from "../../../lib/toast/toast";
import { downloadText, recoveryCodesText } from "../lib/recovery-codes-file";
import { SECURITY_TEXTS } from "../lib/security-texts";

interface RecoveryCodesProps {
  codes: readonly string[];
  /** What just happened, said above the codes: two-factor sign-in turned on, or new codes in place of the old. */
  notice: string;
  onDone: () => void;
}

/**
 * The ten one-time recovery codes, shown this once (design.md §12.2): the server keeps only their hashes, so the user
 * copies or downloads them before saying they are saved. The heading takes the focus when they appear, so a screen
 * reader starts from what they are.
 */
export function RecoveryCodes({ codes, notice, onDone }: RecoveryCodesProps) {
  const { user } = useAuth();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(`${codes.join("\n")}\n`);
      toast.success(SECURITY_TEXTS.codesCopied);
    } catch {
      toast.error(SECURITY_TEXTS.codesCopyFailed);
    }
  }

  function download() {
    downloadText(recoveryCodesText(codes, user?.email ?? "", new Date()), SECURITY_TEXTS.codesFileName);
  }

  return (
    <Stack gap="4" data-testid="recovery-codes">
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Description>{notice}</Alert.Description>
      </Alert.Root>
      <Heading as="h4" size="sm" ref={heading} tabIndex={-1} outline="none">
        {SECURITY_TEXTS.codesTitle}
      </Heading>
      <Text>{SECURITY_TEXTS.codesExplain}</Text>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description fontWeight="medium">{SECURITY_TEXTS.codesShownOnce}</Alert.Description>
      </Alert.Root>
      <Box borderWidth="1px" borderRadius="md" bg="bg.subtle" px="4" py="3">
        <List.Root
          as="ol"
          aria-label={SECURITY_TEXTS.codesListLabel}
          listStyleType="none"
          display="grid"
          gridTemplateColumns="repeat(2, minmax(0, 1fr))"
          columnGap="4"
          rowGap="2"
        >
          {codes.map((code) => (
            <List.Item key={code}>
              <Code fontSize="md" bg="transparent" px="0" translate="no">
                {code}
              </Code>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" aria-label={SECURITY_TEXTS.copyCodesLabel} onClick={() => void copy()}>
          <CopyIcon />
          {SECURITY_TEXTS.copyCodes}
        </Button>
        <Button variant="outline" aria-label={SECURITY_TEXTS.downloadCodesLabel} onClick={download}>
          <DownloadIcon />
          {SECURITY_TEXTS.downloadCodes}
        </Button>
      </Flex>
      <Button alignSelf="start" onClick={onDone}>
        {SECURITY_TEXTS.codesSaved}
      </Button>
    </Stack>
  );
}
