import { Link, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router-dom";
import { paths } from "../../../config/paths";
import { RECOVERY_TEXTS } from "../lib/auth-texts";

/** The way back to /login from the recovery screens. */
export function BackToSignIn() {
  return (
    <Text textAlign="center" fontSize="sm">
      <Link asChild color="brand.fg" fontWeight="semibold">
        <RouterLink to={paths.login}>{RECOVERY_TEXTS.backToSignIn}</RouterLink>
      </Link>
    </Text>
  );
}
