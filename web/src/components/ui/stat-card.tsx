import { Stat } from "@chakra-ui/react";
import type { ReactNode } from "react";

const toneColors = { neutral: "fg", positive: "green.fg", negative: "red.fg" } as const;

/** One headline figure with its label, e.g. a portfolio total. */
export function StatCard({
  label,
  value,
  tone = "neutral",
}: {
  label: string;
  value: ReactNode;
  tone?: keyof typeof toneColors;
}) {
  return (
    <Stat.Root borderWidth="1px" borderRadius="lg" bg="bg" p="4" minW="0">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText fontSize={{ base: "lg", md: "xl" }} color={toneColors[tone]} overflowWrap="anywhere">
        {value}
      </Stat.ValueText>
    </Stat.Root>
  );
}
