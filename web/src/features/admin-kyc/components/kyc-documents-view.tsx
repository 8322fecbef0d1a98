import { Box, Image, Link, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { KYC_DOCUMENTS, type KycDocument } from "@jengafund/shared";
import { useState } from "react";

/** The reviewer's names for the three documents. */
export const REVIEW_DOCUMENT_LABELS: Readonly<Record<KycDocument, string>> = {
  idFront: "Front of ID",
  idBack: "Back of ID",
  selfie: "Selfie",
};

/**
 * The three documents from their 5-minute links. An image is shown; a PDF (which an <img> cannot show) is offered as
 * a link that opens it in a new tab. Nothing is downloaded into the page's storage: the links live in memory while
 * the review is open, and the store's answers are not the service worker's business (cross-origin).
 */
export function KycDocumentsView({ images, name }: { images: Record<KycDocument, string>; name: string }) {
  return (
    <SimpleGrid columns={{ base: 1, sm: 3, lg: 1 }} gap="4">
      {KYC_DOCUMENTS.map((document) => (
        <DocumentImage key={document} url={images[document]} label={REVIEW_DOCUMENT_LABELS[document]} name={name} />
      ))}
    </SimpleGrid>
  );
}

function DocumentImage({ url, label, name }: { url: string; label: string; name: string }) {
  const [notAnImage, setNotAnImage] = useState(false);
  return (
    <Stack as="figure" gap="1" minW="0">
      <Box borderWidth="1px" borderRadius="md" bg="bg.muted" overflow="hidden" minH="24">
        {notAnImage ? (
          <Text p="4" fontSize="sm" color="fg.muted">
            Not an image (a PDF): open it below.
          </Text>
        ) : (
          <Image
            src={url}
            alt={`${label} of ${name}`}
            referrerPolicy="no-referrer"
            w="full"
            maxH="80"
            objectFit="contain"
            onError={() => setNotAnImage(true)}
          />
        )}
      </Box>
      <Text as="figcaption" fontSize="sm" fontWeight="medium">
        {label}{" "}
        <Link href={url} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="normal">
          Open {`${label.charAt(0).toLowerCase()}${label.slice(1)}`} in a new tab
        </Link>
      </Text>
    </Stack>
  );
}
