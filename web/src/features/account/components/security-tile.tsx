import { Box, Dialog, Stack } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { ActionTile } from "../../../components/ui/action-tile";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { ShieldIcon } from "../../../components/ui/icons";
import { useAuth } from "../../../lib/auth/use-auth";
import { SECURITY_TEXTS } from "../lib/security-texts";
import { SignOutEverywhere } from "./sign-out-everywhere";
import { TwoFactorSettings } from "./two-factor-settings";

/** The Account tab's address with this hash opens the Security dialog (paths.dashboard.accountSecurity). */
const OPEN_HASH = "#security";

/**
 * The Security quick action: says whether two-factor sign-in is on, and opens its settings (with the recovery codes)
 * and "Sign out of all devices". A link to the Account tab ending in #security opens it too (the notice after a
 * sign-in with one of the last recovery codes); closing it takes the hash away, so a reload does not open it again.
 */
export function SecurityTile() {
  const { user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const linked = location.hash === OPEN_HASH;
  const [open, setOpen] = useState(linked);
  // Each navigation to the link opens it (each has its own key), also when the Account tab is already showing.
  const linkedBy = linked ? location.key : null;
  useEffect(() => {
    if (linkedBy !== null) setOpen(true);
  }, [linkedBy]);
  const openChanged = (isOpen: boolean) => {
    setOpen(isOpen);
    if (!isOpen && linked) navigate({ pathname: location.pathname, search: location.search }, { replace: true });
  };
  return (
    <Dialog.Root
      size="md"
      placement="center"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(details) => openChanged(details.open)}
    >
      <Dialog.Trigger asChild>
        <ActionTile
          icon={<ShieldIcon boxSize="6" color="brand.fg" />}
          title={SECURITY_TEXTS.title}
          description={user?.twoFactorEnabled ? SECURITY_TEXTS.tileOn : SECURITY_TEXTS.tileOff}
        />
      </Dialog.Trigger>
      <DialogFrame title={SECURITY_TEXTS.title}>
        <Dialog.Body pb="6">
          <Stack gap="6">
            <TwoFactorSettings />
            {/* A rule between the two, drawn by a border: the design system carries no separator recipe. */}
            <Box borderTopWidth="1px" borderColor="border" pt="6">
              <SignOutEverywhere />
            </Box>
          </Stack>
        </Dialog.Body>
      </DialogFrame>
    </Dialog.Root>
  );
}
