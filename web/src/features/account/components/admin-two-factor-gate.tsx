import { Card, Stack } from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { PanelHeader } from "../../../components/ui/panel-header";
import { isTwoFactorSetupRequired } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth/use-auth";
import { queryKeys } from "../../../lib/query-keys";
import { SECURITY_TEXTS } from "../lib/security-texts";
import { TwoFactorSettings } from "./two-factor-settings";

/**
 * The admin console for an admin who must turn on two-factor sign-in first (REQUIRE_ADMIN_2FA): once an admin route
 * answers 403 `twoFactorSetupRequired`, the tab shows the setup with an explanation instead of a load error. As soon
 * as it is on, the admin reads are made again, and the tab opens once the admin has saved the recovery codes.
 */
export function AdminTwoFactorGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const setupRequired = useSetupRequired();
  /** The recovery codes are shown once: the console waits until the admin says they are saved. */
  const [showingCodes, setShowingCodes] = useState(false);
  const blocked = (setupRequired && user?.twoFactorEnabled === false) || showingCodes;

  useEffect(() => {
    if (setupRequired && user?.twoFactorEnabled) void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  }, [setupRequired, user?.twoFactorEnabled, queryClient]);

  if (!blocked) return children;
  return (
    <Stack gap="5">
      <PanelHeader title={SECURITY_TEXTS.adminRequiredTitle} description={SECURITY_TEXTS.adminRequired} />
      <Card.Root bg="bg" maxW="2xl">
        <Card.Body>
          <TwoFactorSettings onCodesShown={setShowingCodes} />
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** Whether any admin read or action has been refused for want of two-factor sign-in. */
function useSetupRequired(): boolean {
  const queryClient = useQueryClient();
  const [required, setRequired] = useState(() =>
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => isTwoFactorSetupRequired(query.state.error)),
  );
  useEffect(() => {
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === "updated" && isTwoFactorSetupRequired(event.query.state.error)) setRequired(true);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && isTwoFactorSetupRequired(event.mutation?.state.error)) setRequired(true);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  return required;
}
