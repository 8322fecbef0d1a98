import { Badge, Button, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { formatDate, formatKes } from "../../../lib/format";
import { fullName, roleLabel, spendableBalance } from "../lib/user-labels";
import { ActiveBadge } from "./active-badge";
import { UserStatusButton } from "./user-status-button";

const columns = ["Name", "Email", "Phone", "Role", "Status", "Balance", "Joined", "Actions"] as const;

interface UsersTableProps {
  users: readonly User[];
  busy: boolean;
  onView: (user: User) => void;
  onAdjust: (user: User) => void;
  onStatusChanged: (user: User) => void;
}

export function UsersTable({ users, busy, onView, onAdjust, onStatusChanged }: UsersTableProps) {
  return (
    <AdminTable label="Users" minW="64rem" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {users.map((user) => (
          <Table.Row key={user._id}>
            <Table.Cell fontWeight="medium">{fullName(user)}</Table.Cell>
            <Table.Cell>{user.email}</Table.Cell>
            <Table.Cell whiteSpace="nowrap">{user.phoneNumber}</Table.Cell>
            <Table.Cell>
              <Badge colorPalette={user.role === "admin" ? "purple" : "gray"} variant="subtle">
                {roleLabel(user)}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              <ActiveBadge active={user.isActive} />
            </Table.Cell>
            <Table.Cell>
              <BalanceCell user={user} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(user.createdAt)}</Table.Cell>
            <Table.Cell>
              <HStack gap="2">
                <Button size="xs" variant="outline" onClick={() => onView(user)} aria-label={`View ${fullName(user)}`}>
                  View
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => onAdjust(user)}
                  aria-label={`Adjust balance of ${fullName(user)}`}
                >
                  Adjust Balance
                </Button>
                <UserStatusButton user={user} onChanged={onStatusChanged} />
              </HStack>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

function BalanceCell({ user }: { user: User }) {
  return (
    <Stack gap="0" align="start">
      <Text whiteSpace="nowrap" fontWeight="medium">
        {formatKes(spendableBalance(user))}
      </Text>
      {user.isTrialAccount && (
        <>
          <Badge colorPalette="orange" variant="subtle" size="sm">
            Trial
          </Badge>
          {/* Adjustments move the wallet, so the admin sees it even while the user still spends trial money. */}
          <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
            Wallet: {formatKes(user.walletBalance)}
          </Text>
        </>
      )}
    </Stack>
  );
}
