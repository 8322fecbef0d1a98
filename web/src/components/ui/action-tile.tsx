import { Button, type ButtonProps, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface ActionTileProps extends Omit<ButtonProps, "title"> {
  icon: ReactNode;
  title: string;
  description: string;
}

/**
 * A large tappable tile for a shortcut. It spreads the remaining props onto its button so a dialog trigger
 * (`asChild`) can hand it the click handler, ref and aria attributes.
 */
export function ActionTile({ icon, title, description, ...buttonProps }: ActionTileProps) {
  return (
    <Button
      variant="outline"
      h="auto"
      p="4"
      justifyContent="start"
      textAlign="start"
      whiteSpace="normal"
      bg="bg"
      gap="3"
      {...buttonProps}
    >
      {icon}
      <Stack gap="0" flex="1" minW="0">
        <Text fontWeight="semibold">{title}</Text>
        <Text fontSize="sm" color="fg.muted" fontWeight="normal">
          {description}
        </Text>
      </Stack>
    </Button>
  );
}
