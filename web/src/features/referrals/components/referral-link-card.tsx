import { Button, Card, Code, Field, Flex, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { CopyIcon, ShareIcon } from "../../../components/ui/icons";
import { copyReferralLink, referralLink, shareReferralLink } from "../lib/share-referral-link";

export function ReferralLinkCard({ code }: { code: string }) {
  const link = referralLink(code);
  return (
    <Card.Root bg="bg">
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          Your referral link
        </Heading>
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            Referral code
          </Text>
          <Code size="lg" alignSelf="start" fontWeight="bold" data-testid="referral-code">
            {code}
          </Code>
        </Stack>
        <Field.Root>
          <Field.Label>Referral link</Field.Label>
          <Input value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
        </Field.Root>
        <Flex gap="3" wrap="wrap">
          <Button flex="1" onClick={() => copyReferralLink(link)}>
            <CopyIcon /> Copy
          </Button>
          <Button flex="1" variant="outline" onClick={() => shareReferralLink(link)}>
            <ShareIcon /> Share
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
