import { Button } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The last item of a FilterBar, which empties its filters: a row of its own on a phone. */
export function ClearFiltersButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="outline" onClick={onClick} flex={{ base: "1 1 100%", sm: "0 0 auto" }}>
      {children}
    </Button>
  );
}
