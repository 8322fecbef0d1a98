import { Box, Button, chakra, Flex, Image, Progress, Stack, Text } from "@chakra-ui/react";
import { KYC_DOCUMENT_LABELS, type KycDocument } from "@jengafund/shared";
import { useId } from "react";
import { DOCUMENT_ACCEPT, DOCUMENT_CAPTURE, type DocumentUploadState } from "../lib/kyc-documents";

const HINTS: Readonly<Record<KycDocument, string>> = {
  idFront: "The side with your photo, all four corners in the picture.",
  idBack: "The other side, all four corners in the picture.",
  selfie: "Your face, well lit, without a hat or sunglasses.",
};

interface DocumentPickerProps {
  document: KycDocument;
  state: DocumentUploadState;
  onChoose: (file: File) => void;
  onRetry: () => void;
}

/**
 * One document of step 2: the phone's camera (the back one for the ID, the front one for the selfie) or a file, a
 * preview, the upload's progress, and Retry when it failed. The file input is named after the document ("Front of
 * your ID"); the progress bar "Uploading front of your ID"; Retry "Retry front of your ID".
 */
export function DocumentPicker({ document, state, onChoose, onRetry }: DocumentPickerProps) {
  const label = KYC_DOCUMENT_LABELS[document];
  // "Front of your ID" → "front of your ID", inside a sentence.
  const lower = `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
  const messageId = useId();
  const hasFile = state.status !== "empty" && state.status !== "refused";
  const message = state.status === "failed" || state.status === "refused" ? state.message : undefined;

  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderRadius="lg"
      borderColor={message ? "border.error" : undefined}
      p="4"
      bg="bg"
      minW="0"
    >
      <Stack gap="0.5">
        <Text fontWeight="semibold">{label}</Text>
        <Text fontSize="sm" color="fg.muted">
          {HINTS[document]}
        </Text>
      </Stack>
      <Preview state={state} label={lower} />
      {state.status === "uploading" && (
        <Progress.Root value={Math.round(state.sent * 100)} size="sm" colorPalette="brand">
          <Flex justify="space-between" mb="1" fontSize="sm">
            <Progress.Label>Uploading</Progress.Label>
            <Progress.ValueText />
          </Flex>
          <Progress.Track borderRadius="full" aria-label={`Uploading ${lower}`}>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {(state.status === "done" || state.status === "uploaded-before") && (
        <Text fontSize="sm" color="fg.success" fontWeight="medium">
          {state.status === "done" ? "Uploaded" : "Uploaded earlier"}
        </Text>
      )}
      {message && (
        <Text id={messageId} role="alert" fontSize="sm" color="fg.error">
          {message}
        </Text>
      )}
      <Flex gap="2" wrap="wrap">
        {state.status === "failed" && (
          <Button size="sm" onClick={onRetry} aria-label={`Retry ${lower}`}>
            Retry
          </Button>
        )}
        {state.status !== "uploading" && (
          <Button asChild size="sm" variant="outline" _focusWithin={{ focusRing: "outside" }}>
            <chakra.label cursor="pointer">
              <chakra.input
                type="file"
                srOnly
                accept={DOCUMENT_ACCEPT}
                capture={DOCUMENT_CAPTURE[document]}
                aria-label={label}
                aria-describedby={message ? messageId : undefined}
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  // Cleared, so choosing the same file again (after fixing nothing else) is still a change.
                  event.currentTarget.value = "";
                  if (file) onChoose(file);
                }}
              />
              {hasFile ? "Choose another" : "Take a photo or choose a file"}
            </chakra.label>
          </Button>
        )}
      </Flex>
    </Stack>
  );
}

function Preview({ state, label }: { state: DocumentUploadState; label: string }) {
  if (!("file" in state)) return null;
  if (state.preview) {
    return (
      <Box borderRadius="md" overflow="hidden" bg="bg.muted" maxH="48">
        <Image src={state.preview} alt={`Preview of ${label}`} w="full" maxH="48" objectFit="contain" />
      </Box>
    );
  }
  return (
    <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
      {state.file.name}
    </Text>
  );
}
