import { Heading, SimpleGrid, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SecurityTile } from "./security-tile";

interface QuickActionsProps {
  /** The Account Settings tile with its Notifications dialog. */
  settings: ReactNode;
  history: ReactNode;
  statement: ReactNode;
}

/** `settings`, `history` and `statement` are other features' tiles with their dialogs, composed by the app. */
export function QuickActions({ settings, history, statement }: QuickActionsProps) {
  return (
    <Stack as="section" aria-labelledby="quick-actions-title" gap="3">
      <Heading as="h2" size="md" id="quick-actions-title">
        Quick Actions
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {settings}
        {history}
        {statement}
        <SecurityTile />
      </SimpleGrid>
    </Stack>
  );
}
