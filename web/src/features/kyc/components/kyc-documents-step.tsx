import { Alert, Button, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { KYC_DOCUMENTS, type KycDocument, type KycView } from "@jengafund/shared";
import { useMutation } from "@tanstack/react-query";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast/toast";
import { useOneAtATime } from "../../../lib/use-one-at-a-time";
import { submitKyc } from "../api/submit-kyc";
import { useDocumentUploads } from "../hooks/use-document-uploads";
import { allUploaded, type IssuedForms } from "../lib/kyc-documents";
import { DocumentPicker } from "./document-picker";
import type { KycDetails } from "./kyc-details-form";

interface KycDocumentsStepProps {
  details: KycDetails;
  forms: IssuedForms;
  uploaded: readonly KycDocument[];
  onSubmitted: (kyc: KycView) => void;
}

/** Step 2: the three documents, each uploaded as soon as it is chosen; Submit once all three are on the store. */
export function KycDocumentsStep({ details, forms, uploaded, onSubmitted }: KycDocumentsStepProps) {
  const uploads = useDocumentUploads({ details, forms, uploaded });
  const submit = useMutation({
    mutationFn: submitKyc,
    onSuccess: ({ kyc }) => onSubmitted(kyc),
    onError: (error) => toast.error(errorMessage(error, "Failed to submit your documents")),
  });
  const send = useOneAtATime(() => submit.mutateAsync());
  const ready = allUploaded(uploads.state);

  return (
    <Stack gap="5">
      <Text color="fg.muted">
        Take each photo with your phone's camera or choose a file: JPEG, PNG or PDF, up to 5 MB. Each one uploads as
        soon as you choose it.
      </Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {KYC_DOCUMENTS.map((document) => (
          <DocumentPicker
            key={document}
            document={document}
            state={uploads.state[document]}
            onChoose={(file) => uploads.choose(document, file)}
            onRetry={() => uploads.retry(document)}
          />
        ))}
      </SimpleGrid>
      {submit.isError && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(submit.error, "Failed to submit your documents")}</Alert.Description>
        </Alert.Root>
      )}
      <Button
        alignSelf="start"
        onClick={() => send.run()}
        disabled={!ready || send.offline}
        loading={send.busy}
        loadingText="Submitting"
      >
        Submit for review
      </Button>
    </Stack>
  );
}
