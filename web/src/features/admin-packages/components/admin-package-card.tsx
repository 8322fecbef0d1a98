import { Box, Button, Card, DataList, Flex, Heading, HStack, Image, Text } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { PencilIcon, TrashIcon } from "../../../components/admin/admin-icons";
import { CategoryTag, RiskBadge } from "../../../components/ui/package-badges";
import { errorMessage } from "../../../lib/api-client";
import { formatDate, formatKes } from "../../../lib/format";
import { deletePackage } from "../api/delete-package";

interface AdminPackageCardProps {
  pkg: Package;
  onEdit: () => void;
  onDeleted: (packageId: string) => void;
}

export function AdminPackageCard({ pkg, onEdit, onDeleted }: AdminPackageCardProps) {
  const [deleting, setDeleting] = useState(false);

  async function handleDelete() {
    if (!window.confirm("Are you sure you want to delete this package?")) return;
    setDeleting(true);
    try {
      await deletePackage(pkg._id);
      toast.success("Package deleted successfully");
      onDeleted(pkg._id);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to delete package"));
      setDeleting(false);
    }
  }

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
        <Text color="fg.muted" fontSize="sm" lineClamp={3}>
          {pkg.description}
        </Text>
        <DataList.Root orientation="horizontal" size="sm" gap="2" mt="auto">
          <Figure label="Price" value={formatKes(pkg.price)} />
          <Figure label="Monthly return" value={`${pkg.monthlyReturnRate}%`} />
          <Figure label="Daily return" value={`${pkg.dailyReturnRate}%`} />
          <Figure label="Maturity" value={formatDate(pkg.maturityDate)} />
        </DataList.Root>
      </Card.Body>
      <Card.Footer>
        <HStack w="full" gap="2">
          <Button flex="1" variant="outline" onClick={onEdit} disabled={deleting} aria-label={`Edit ${pkg.name}`}>
            <PencilIcon />
            Edit
          </Button>
          <Button
            flex="1"
            variant="outline"
            colorPalette="red"
            onClick={handleDelete}
            loading={deleting}
            aria-label={`Delete ${pkg.name}`}
          >
            <TrashIcon />
            Delete
          </Button>
        </HStack>
      </Card.Footer>
    </Card.Root>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item justifyContent="space-between">
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue justifyContent="end" fontWeight="semibold" color="fg">
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}
