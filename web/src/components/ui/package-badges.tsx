import { Badge, HStack, Text } from "@chakra-ui/react";

const categories: Record<string, { emoji: string; label: string }> = {
  transport: { emoji: "✈️", label: "Transport" },
  technology: { emoji: "📱", label: "Technology" },
  energy: { emoji: "⚡", label: "Energy" },
  insurance: { emoji: "🛡️", label: "Insurance" },
  manufacturing: { emoji: "🏭", label: "Manufacturing" },
  media: { emoji: "📰", label: "Media" },
  "real-estate": { emoji: "🏢", label: "Real Estate" },
  "consumer-goods": { emoji: "🛒", label: "Consumer Goods" },
};

/** A package's sector with its emoji; an unknown category (one an admin added later) shows its raw name. */
export function CategoryTag({ category }: { category: string }) {
  const known = categories[category];
  return (
    <HStack gap="1" fontSize="sm" color="fg.muted">
      <Text as="span" aria-hidden="true">
        {known?.emoji ?? "💼"}
      </Text>
      <Text as="span">{known?.label ?? category}</Text>
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
