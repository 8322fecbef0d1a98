import { Box, Dialog, Stack } from "@chakra-ui/react";
import { ActionTile } from "../../../components/ui/action-tile";
import { DialogFrame } from "../../../components/ui/dialog-frame";
import { ShieldIcon } from "../../../components/ui/icons";
import { useAuth } from "../../../lib/auth/use-auth";
import { SECURITY_TEXTS } from "../lib/security-texts";
import { SignOutEverywhere } from "./sign-out-everywhere";
import { TwoFactorSettings } from "./two-factor-settings";

/**
 * The Security quick action: says whether two-factor sign-in is on, and opens its settings (with the recovery codes)
 * and "Sign out of all devices".
 */
export function SecurityTile() {
  const { user } = useAuth();
  return (
    <Dialog.Root size="md" placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
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
