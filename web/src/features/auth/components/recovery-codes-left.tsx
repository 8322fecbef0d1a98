import { Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { toast } from "../../../lib/toast/toast";
import { RECOVERY_CODES_FEW, RECOVERY_CODES_LEFT_TEXTS } from "../lib/auth-texts";

/**
 * The notice after a sign-in with a recovery code: how many codes the account has left. With few left it asks for
 * new ones, links to Account → Security, and stays until the user closes it or follows the link (an owner who lost
 * their phone may be reading it on a borrowed one, and must not miss it).
 */
export function showRecoveryCodesLeft(left: number): void {
  const few = left <= RECOVERY_CODES_FEW;
  toast.info(
    ({ closeToast }) => (
      <Stack gap="1">
        <Text fontWeight="semibold">{RECOVERY_CODES_LEFT_TEXTS.left(left)}</Text>
        {few && (
          <>
            <Text>{RECOVERY_CODES_LEFT_TEXTS.fewLeft}</Text>
            <Link asChild fontWeight="semibold" textDecoration="underline">
              <RouterLink to={paths.dashboard.accountSecurity} onClick={() => closeToast()}>
                {RECOVERY_CODES_LEFT_TEXTS.makeNew}
              </RouterLink>
            </Link>
          </>
        )}
      </Stack>
    ),
    { toastId: "recovery-codes-left", ...(few ? { autoClose: false, closeOnClick: false } : {}) },
  );
}
