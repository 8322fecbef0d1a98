import { HStack, Text } from "@chakra-ui/react";

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <HStack gap="2">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text as="span" fontWeight="bold" fontSize="xl" color={inverted ? "white" : "brand.fg"} letterSpacing="tight">
        JengaFund
      </Text>
    </HStack>
  );
}
