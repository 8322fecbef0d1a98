import { Alert, Avatar, Badge, Button, Card, DataList, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useState } from "react";
import { formatDate } from "../../../lib/format";
import { roleLabel } from "../lib/role-label";

export function ProfileCard({ user }: { user: User }) {
  // Saving profile changes has no API yet; the button only switches the card into its editing look.
  const [editing, setEditing] = useState(false);
  const fullName = `${user.firstName} ${user.lastName}`;

  return (
    <Card.Root bg="bg" borderColor={editing ? "brand.solid" : undefined}>
      <Card.Body gap="5">
        <Flex gap="4" align="center" wrap="wrap">
          <Avatar.Root size="xl" colorPalette="brand">
            <Avatar.Fallback name={fullName} />
          </Avatar.Root>
          <Stack gap="1" flex="1" minW="40">
            <Text fontSize="lg" fontWeight="bold">
              {fullName}
            </Text>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="brand" variant="subtle">
                {roleLabel(user.role)}
              </Badge>
              {user.isTrialAccount && (
                <Badge colorPalette="orange" variant="subtle">
                  Trial Account
                </Badge>
              )}
            </HStack>
          </Stack>
          <Button
            variant={editing ? "solid" : "outline"}
            size="sm"
            aria-pressed={editing}
            onClick={() => setEditing((current) => !current)}
          >
            Edit Profile
          </Button>
        </Flex>
        {editing && (
          <Alert.Root status="info" size="sm">
            <Alert.Indicator />
            <Alert.Description>
              Changing your details online is coming soon. Until then, our support team can update them for you.
            </Alert.Description>
          </Alert.Root>
        )}
        <Stack gap="3">
          <Text fontWeight="semibold">Personal Information</Text>
          {/* The grid is the list itself: its items (dt/dd pairs) must sit directly in the <dl>. */}
          <DataList.Root
            display="grid"
            gridTemplateColumns={{ base: "minmax(0, 1fr)", sm: "repeat(2, minmax(0, 1fr))" }}
            gap="4"
          >
            <InfoItem label="First Name" value={user.firstName} />
            <InfoItem label="Last Name" value={user.lastName} />
            <InfoItem label="Email" value={user.email} />
            <InfoItem label="Phone Number" value={user.phoneNumber} />
            <InfoItem label="Member Since" value={formatDate(user.createdAt)} />
          </DataList.Root>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function InfoItem({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="medium" overflowWrap="anywhere">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
