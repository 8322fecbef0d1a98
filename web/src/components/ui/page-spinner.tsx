import { Center, Spinner } from "@chakra-ui/react";

export function PageSpinner() {
  return (
    <Center minH="60vh">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" role="status" aria-label="Loading" />
    </Center>
  );
}
