import { Badge, Button, Flex, HStack, Stack, Table, Text } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { AdminCardList } from "../../../components/admin/admin-card-list";
import { AdminTable, AdminTableHeader } from "../../../components/admin/admin-table";
import { EmailText } from "../../../components/admin/email-text";
import { formatKes, formatNairobiDate } from "../../../lib/format";
import { fullName, roleLabel, spendableBalance } from "../lib/user-labels";
import { ActiveBadge } from "./active-badge";
import { UserStatusButton } from "./user-status-button";

const columns = ["User", "Phone", "Role", "Status", "Balance", "Joined", "Actions"] as const;

interface UserListProps {
  users: readonly User[];
  busy: boolean;
  onView: (user: User) => void;
  onAdjust: (user: User) => void;
}

/** Name and email share a column, and the actions wrap within theirs: the table fits a 1280 px screen. */
export function UsersTable({ users, busy, onView, onAdjust }: UserListProps) {
  return (
    <AdminTable label="Users" busy={busy}>
      <AdminTableHeader columns={columns} />
      <Table.Body>
        {users.map((user) => (
          <Table.Row key={user._id} verticalAlign="top">
            <Table.Cell minW="12rem">
              <Text fontWeight="medium">{fullName(user)}</Text>
              <EmailText email={user.email} fontSize="sm" color="fg.muted" />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{user.phoneNumber}</Table.Cell>
            <Table.Cell>
              <RoleBadge user={user} />
            </Table.Cell>
            <Table.Cell>
              <ActiveBadge active={user.isActive} />
            </Table.Cell>
            <Table.Cell>
              <BalanceFigures user={user} />
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatNairobiDate(user.createdAt)}</Table.Cell>
            <Table.Cell>
              <UserActions user={user} onView={onView} onAdjust={onAdjust} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </AdminTable>
  );
}

/** The same users on a phone, one card each. */
export function UserCards({ users, busy, onView, onAdjust }: UserListProps) {
  return (
    <AdminCardList label="Users" items={users} itemKey={(user) => user._id} busy={busy}>
      {(user) => (
        <>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold">{fullName(user)}</Text>
            <EmailText email={user.email} fontSize="sm" color="fg.muted" />
            <Text fontSize="sm" color="fg.muted">
              {user.phoneNumber} · joined {formatNairobiDate(user.createdAt)}
            </Text>
          </Stack>
          <Flex justify="space-between" align="start" gap="3" wrap="wrap">
            <HStack gap="2" wrap="wrap">
              <RoleBadge user={user} />
              <ActiveBadge active={user.isActive} />
            </HStack>
            <BalanceFigures user={user} align="end" />
          </Flex>
          <UserActions user={user} onView={onView} onAdjust={onAdjust} size="sm" />
        </>
      )}
    </AdminCardList>
  );
}

function RoleBadge({ user }: { user: User }) {
  return (
    <Badge colorPalette={user.role === "admin" ? "purple" : "gray"} variant="subtle">
      {roleLabel(user)}
    </Badge>
  );
}

interface UserActionsProps extends Pick<UserListProps, "onView" | "onAdjust"> {
  user: User;
  /** Larger on a phone's card, where the buttons are tapped rather than clicked. */
  size?: "xs" | "sm";
}

function UserActions({ user, onView, onAdjust, size = "xs" }: UserActionsProps) {
  return (
    <HStack gap="2" wrap="wrap">
      <Button size={size} variant="outline" onClick={() => onView(user)} aria-label={`View ${fullName(user)}`}>
        View
      </Button>
      <Button
        size={size}
        variant="outline"
        onClick={() => onAdjust(user)}
        aria-label={`Adjust balance of ${fullName(user)}`}
      >
        Adjust Balance
      </Button>
      <UserStatusButton user={user} size={size} />
    </HStack>
  );
}

function BalanceFigures({ user, align = "start" }: { user: User; align?: "start" | "end" }) {
  return (
    <Stack gap="0" align={align} flexShrink="0">
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
      {!user.isTrialAccount && user.trialBalance > 0 && (
        <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
          Trial (demo): {formatKes(user.trialBalance)}
        </Text>
      )}
    </Stack>
  );
}
