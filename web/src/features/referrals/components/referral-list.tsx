import { Badge, Card, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { Referral } from "@jengafund/shared";
import type { UseQueryResult } from "@tanstack/react-query";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { QueryState } from "../../../components/ui/query-state";
import { formatDate, formatKes } from "../../../lib/format";

export function ReferralList({ referrals }: { referrals: UseQueryResult<Referral[]> }) {
  return (
    <Stack as="section" aria-labelledby="referral-list-title" gap="3">
      <Heading as="h2" size="md" id="referral-list-title">
        Your referrals
      </Heading>
      <QueryState
        query={referrals}
        what="your referrals"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyPanel
            title="No referrals yet"
            description="Share your link: friends who sign up with it appear here."
          />
        }
      >
        {(list) => (
          <Stack as="ul" listStyle="none" gap="2">
            {list.map((referral) => (
              <li key={referral._id}>
                <ReferralRow referral={referral} />
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}

function ReferralRow({ referral }: { referral: Referral }) {
  const { firstName, lastName, email } = referral.referred;
  return (
    <Card.Root bg="bg" size="sm">
      <Card.Body>
        <Flex gap="3" justify="space-between" align="center" wrap="wrap">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">
              {firstName} {lastName}
            </Text>
            <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
              {email}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              Joined {formatDate(referral.createdAt)}
            </Text>
          </Stack>
          <Stack gap="1" align="end">
            <Text fontWeight="semibold">{formatKes(referral.reward)}</Text>
            {referral.rewardPaid ? (
              <Badge colorPalette="green" variant="subtle">
                Paid
              </Badge>
            ) : (
              <Badge colorPalette="orange" variant="subtle">
                Pending
              </Badge>
            )}
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
