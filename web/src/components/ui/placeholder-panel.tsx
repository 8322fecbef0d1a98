import { EmptyState, Heading, Stack } from "@chakra-ui/react";

/** Stands in for a tab whose contents arrive with a later release, so the tab never pretends to have data. */
export function PlaceholderPanel({ title, description }: { title: string; description: string }) {
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg">
        <EmptyState.Content>
          <EmptyState.Title>Nothing to show yet</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    </Stack>
  );
}
