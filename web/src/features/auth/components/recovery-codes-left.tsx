import { Link, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import type { ToastContent } from "react-toastify";
import { paths } from "../../../config/paths";
import { withToast } from "../../../lib/toast/toast";
import { RECOVERY_CODES_FEW, RECOVERY_CODES_LEFT_TEXTS } from "../lib/auth-texts";

const TOAST_ID = "recovery-codes-left";

/** How long a notice with codes to spare stays: react-toastify's own default, stated for an update of the notice. */
const SPARE_CODES_MS = 5_000;

/**
 * The notice after a sign-in with a recovery code: how many codes the account has left. With few left it asks for
 * new ones, links to Account → Security, and stays until the user closes it or follows the link (an owner who lost
 * their phone may be reading it on a borrowed one, and must not miss it).
 */
export function showRecoveryCodesLeft(left: number): void {
  const few = left <= RECOVERY_CODES_FEW;
  const render: ToastContent = ({ closeToast }) => (
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
  );
  const options = { type: "info", autoClose: few ? false : SPARE_CODES_MS, closeOnClick: !few } as const;
  // One notice: a newer count replaces one still showing from an earlier sign-in.
  withToast((toast) => {
    if (toast.isActive(TOAST_ID)) toast.update(TOAST_ID, { render, ...options });
    else toast(render, { toastId: TOAST_ID, ...options });
  });
}
