import { EmptyState, VStack } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** What a list shows when it has nothing yet: what is missing and, when there is one, the way to fix it. */
export function EmptyPanel({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="bg">
      <EmptyState.Content>
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
