import { Center, Spinner } from "@chakra-ui/react";

/** A spinner for one section or dialog that is loading while the rest of the page is usable. */
export function SectionSpinner() {
  return (
    <Center py="8">
      <Spinner color="brand.solid" role="status" aria-label="Loading" />
    </Center>
  );
}
