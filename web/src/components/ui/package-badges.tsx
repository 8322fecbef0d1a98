import { Badge, HStack, Text } from "@chakra-ui/react";
import { categoryLook } from "./package-categories";

/** A package's sector with its emoji; an unknown category (one an admin added later) shows its raw name. */
export function CategoryTag({ category }: { category: string }) {
  const look = categoryLook(category);
  return (
    <HStack gap="1" fontSize="sm" color="fg.muted">
      <Text as="span" aria-hidden="true">
        {look.emoji}
      </Text>
      <Text as="span">{look.label}</Text>
    </HStack>
  );
}

const risks: Record<string, { palette: string; label: string }> = {
  low: { palette: "green", label: "Low Risk" },
  medium: { palette: "orange", label: "Medium Risk" },
  high: { palette: "red", label: "High Risk" },
};

export function RiskBadge({ riskLevel }: { riskLevel: string }) {
  const risk = risks[riskLevel] ?? { palette: "gray", label: `${riskLevel} risk` };
  return (
    <Badge colorPalette={risk.palette} variant="solid">
      {risk.label}
    </Badge>
  );
}
