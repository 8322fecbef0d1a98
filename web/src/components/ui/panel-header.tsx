import { Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A tab's title and one-line purpose, with room on the right (below, on a phone) for a figure or an action. */
export function PanelHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <Flex wrap="wrap" align="end" justify="space-between" gap="4">
      <Stack gap="1" minW="0">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{description}</Text>
      </Stack>
      {children}
    </Flex>
  );
}
