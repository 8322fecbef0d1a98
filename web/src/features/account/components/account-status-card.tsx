import { Badge, Card, Code, DataList, Heading } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";

export function AccountStatusCard({ user }: { user: User }) {
  return (
    <Card.Root bg="bg">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          Account Status
        </Heading>
        <DataList.Root orientation="horizontal" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Status</DataList.ItemLabel>
            <DataList.ItemValue>
              {user.isTrialAccount ? (
                <Badge colorPalette="orange" variant="subtle">
                  Trial
                </Badge>
              ) : (
                <Badge colorPalette="green" variant="subtle">
                  Active
                </Badge>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Referral Code</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code fontWeight="bold">{user.referralCode}</Code>
            </DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}
