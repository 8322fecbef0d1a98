import { Button } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useMutation } from "@tanstack/react-query";
import { toast } from "../../../lib/toast/toast";
import { setUserStatus } from "../api/set-user-status";
import { useUserChanged } from "../hooks/use-user-changed";
import { fullName } from "../lib/user-labels";

/** Activates or deactivates an investor. Admin accounts cannot be toggled (spec §4), so they get no button. */
export function UserStatusButton({ user, size = "xs" }: { user: User; size?: "xs" | "sm" }) {
  const userChanged = useUserChanged();
  const toggle = useMutation({
    mutationFn: () => setUserStatus(user._id, !user.isActive),
    // Busy until the list shows the new status, so the button never offers the old action again in between.
    onSuccess: async (updated) => {
      toast.success(updated.isActive ? "User activated successfully" : "User deactivated successfully");
      await userChanged(updated);
    },
    onError: () => toast.error("Failed to update user status"),
  });
  if (user.role === "admin") return null;

  const action = user.isActive ? "Deactivate" : "Activate";
  return (
    <Button
      size={size}
      variant="outline"
      colorPalette={user.isActive ? "red" : "green"}
      loading={toggle.isPending}
      onClick={() => toggle.mutate()}
      aria-label={`${action} ${fullName(user)}`}
    >
      {action}
    </Button>
  );
}
