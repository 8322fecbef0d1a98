import { Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ActionTile } from "../../../components/ui/action-tile";
import { SettingsIcon } from "../../../components/ui/icons";
import { toast } from "../../../lib/toast/toast";
import { SecurityTile } from "./security-tile";

/** `history` and `statement` are other features' tiles with their dialogs, composed by the app. */
export function QuickActions({ history, statement }: { history: ReactNode; statement: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby="quick-actions-title" gap="3">
      <Heading as="h2" size="md" id="quick-actions-title">
        Quick Actions
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <ActionTile
          icon={<SettingsIcon boxSize="6" color="brand.fg" />}
          title="Account Settings"
          description="Notifications and preferences"
          onClick={() => toast.info("Account settings are coming soon.")}
        />
        {history}
        {statement}
        <SecurityTile />
      </SimpleGrid>
    </Stack>
  );
}
