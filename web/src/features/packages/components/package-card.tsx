import { Box, Button, Card, DataList, Flex, Heading, Image, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { CategoryTag, RiskBadge } from "../../../components/ui/package-badges";
import { formatKes, formatRate } from "../../../lib/format";

export function PackageCard({ pkg, onInvest }: { pkg: Package; onInvest: () => void }) {
  return (
    <Card.Root h="full" overflow="hidden" bg="bg">
      <Box position="relative">
        {/* Decorative artwork: the company and package names follow as text. */}
        <Image src={pkg.image} alt="" width="320" height="160" w="full" h="auto" aspectRatio="2 / 1" fit="cover" />
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
        <Text color="fg.muted" fontSize="sm">
          {pkg.description}
        </Text>
        <DataList.Root orientation="horizontal" size="sm" gap="2" mt="auto">
          <PackageFigure label="Minimum investment" value={formatKes(pkg.price)} />
          <PackageFigure label="Monthly return" value={formatRate(pkg.monthlyReturnRate)} />
          <PackageFigure label="Daily claimable" value={formatRate(pkg.dailyReturnRate)} />
        </DataList.Root>
      </Card.Body>
      <Card.Footer>
        <Button w="full" onClick={onInvest} aria-label={`Invest Now in ${pkg.name}`}>
          Invest Now
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

function PackageFigure({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item justifyContent="space-between">
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="end" fontWeight="semibold" color="fg">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
