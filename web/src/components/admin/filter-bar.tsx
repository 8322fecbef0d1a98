import { Flex } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The row of filters above an admin list: side by side on wide screens, stacked on a phone. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Flex role="search" wrap="wrap" gap="3" align="end">
      {children}
    </Flex>
  );
}
