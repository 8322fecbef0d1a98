import { Button, HStack } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useState } from "react";
import { toast } from "react-toastify";
import { PencilIcon, TrashIcon } from "../../../components/ui/icons";
import { PackageSummaryCard } from "../../../components/ui/package-summary-card";
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

  const figures = [
    { label: "Price", value: formatKes(pkg.price) },
    { label: "Monthly return", value: `${pkg.monthlyReturnRate}%` },
    { label: "Daily return", value: `${pkg.dailyReturnRate}%` },
    { label: "Maturity", value: formatDate(pkg.maturityDate) },
  ];
  return (
    <PackageSummaryCard pkg={pkg} figures={figures} descriptionLines={3}>
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
    </PackageSummaryCard>
  );
}
