import { Button } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { setUserStatus } from "../api/set-user-status";
import { fullName } from "../lib/user-labels";

/** Activates or deactivates an investor. Admin accounts cannot be toggled (spec §4), so they get no button. */
export function UserStatusButton({ user, onChanged }: { user: User; onChanged: (user: User) => void }) {
  const [submitting, setSubmitting] = useState(false);
  if (user.role === "admin") return null;

  const action = user.isActive ? "Deactivate" : "Activate";

  async function toggle() {
    setSubmitting(true);
    try {
      const updated = await setUserStatus(user._id, !user.isActive);
      onChanged(updated);
      toast.success(updated.isActive ? "User activated successfully" : "User deactivated successfully");
    } catch {
      toast.error("Failed to update user status");
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Button
      size="xs"
      variant="outline"
      colorPalette={user.isActive ? "red" : "green"}
      loading={submitting}
      onClick={toggle}
      aria-label={`${action} ${fullName(user)}`}
    >
      {action}
    </Button>
  );
}
