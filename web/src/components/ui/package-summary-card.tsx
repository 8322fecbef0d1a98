import { Box, Card, DataList, Flex, Heading, Image, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import type { ReactNode } from "react";
import { CategoryTag, RiskBadge } from "./package-badges";

interface PackageFigure {
  label: string;
  value: string;
}

interface PackageSummaryCardProps {
  pkg: Package;
  /** The figures each audience needs: what an investor pays and earns, or what an admin set. */
  figures: readonly PackageFigure[];
  /** How many lines of the description to show before cutting it short; all of it when absent. */
  descriptionLines?: number;
  /** The card's actions. */
  children: ReactNode;
  /** For a card in the first row: its artwork is fetched ahead of other images (it is often the largest paint). */
  firstRow?: boolean;
}

/** A package as the investor and the admin both see it; only the figures and the actions differ. */
export function PackageSummaryCard({ pkg, figures, descriptionLines, children, firstRow }: PackageSummaryCardProps) {
  return (
    <Card.Root h="full" overflow="hidden" bg="bg">
      <Box position="relative">
        {/* Decorative artwork: the company and package names follow as text. */}
        <Image
          src={pkg.image}
          alt=""
          width="320"
          height="160"
          w="full"
          h="auto"
          aspectRatio="2 / 1"
          fit="cover"
          fetchPriority={firstRow ? "high" : undefined}
        />
        <Box position="absolute" top="3" right="3">
          <RiskBadge riskLevel={pkg.riskLevel} />
        </Box>
      </Box>
      <Card.Body gap="3">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
            {pkg.company}
          </Text>
          <CategoryTag category={pkg.category} />
        </Flex>
        <Heading as="h2" size="md">
          {pkg.name}
        </Heading>
        <Text color="fg.muted" fontSize="sm" lineClamp={descriptionLines}>
          {pkg.description}
        </Text>
        <DataList.Root orientation="horizontal" size="sm" gap="2" mt="auto">
          {figures.map(({ label, value }) => (
            <DataList.Item key={label} justifyContent="space-between">
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue justifyContent="end" fontWeight="semibold" color="fg">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
      <Card.Footer>{children}</Card.Footer>
    </Card.Root>
  );
}
