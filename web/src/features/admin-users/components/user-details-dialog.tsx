import { Badge, Dialog } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { type DetailRow, DetailsList } from "../../../components/admin/details-list";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { formatKes, formatNairobiDateTime } from "../../../lib/format";
import { fullName, roleLabel } from "../lib/user-labels";
import { ActiveBadge } from "./active-badge";

/** Every field of a user (spec §3), read-only. */
export function UserDetailsDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const rows: readonly DetailRow[] = [
    ["Name", fullName(user)],
    ["Email", user.email],
    ["Phone Number", user.phoneNumber],
    ["Role", roleLabel(user)],
    [
      "Account Type",
      <Badge key="type" colorPalette={user.isTrialAccount ? "orange" : "green"} variant="subtle">
        {user.isTrialAccount ? "Trial Account" : "Active Account"}
      </Badge>,
    ],
    ["Status", <ActiveBadge key="status" active={user.isActive} />],
    ["Wallet Balance", formatKes(user.walletBalance)],
    ["Trial Balance", formatKes(user.trialBalance)],
    ["Referral Earnings", formatKes(user.totalReferralEarnings)],
    ["Referral Code", user.referralCode],
    ["Joined", formatNairobiDateTime(user.createdAt)],
    ["User ID", user._id],
  ];

  return (
    <Dialog.Root open placement="center" onOpenChange={({ open }) => !open && onClose()}>
      <DialogFrame title="User Details">
        <Dialog.Body>
          <DetailsList rows={rows} labelMinW={{ base: "6.5rem", sm: "9rem" }} />
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}
