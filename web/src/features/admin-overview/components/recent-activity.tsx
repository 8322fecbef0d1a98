import { Badge, Card, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ArrowDownIcon, ArrowUpIcon, TrendingUpIcon, UsersIcon } from "../../../components/ui/icons";

const samples: readonly { icon: ReactNode; palette: string; text: string; when: string }[] = [
  { icon: <UsersIcon />, palette: "blue", text: "New user registered", when: "2 minutes ago" },
  {
    icon: <TrendingUpIcon />,
    palette: "green",
    text: "Package purchased: Safaricom Growth Fund",
    when: "15 minutes ago",
  },
  { icon: <ArrowUpIcon />, palette: "orange", text: "Withdrawal request submitted", when: "1 hour ago" },
  { icon: <ArrowDownIcon />, palette: "teal", text: "M-Pesa deposit completed", when: "3 hours ago" },
];

/**
 * Static sample entries (spec §2). They are labelled as samples so nobody mistakes them for real events; the
 * Transactions tab has the real ledger.
 */
export function RecentActivity() {
  return (
    <Card.Root as="section" aria-labelledby="recent-activity-title" bg="bg">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <Heading as="h2" size="md" id="recent-activity-title">
            Recent Activity
          </Heading>
          <Badge variant="outline">Sample data</Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" listStyle="none" gap="3">
          {samples.map(({ icon, palette, text, when }) => (
            <Flex as="li" key={text} gap="3" align="center">
              <Flex
                flexShrink="0"
                boxSize="9"
                borderRadius="full"
                align="center"
                justify="center"
                bg={`${palette}.subtle`}
                color={`${palette}.fg`}
              >
                {icon}
              </Flex>
              <Stack gap="0" minW="0">
                <Text fontWeight="medium">{text}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {when}
                </Text>
              </Stack>
            </Flex>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
