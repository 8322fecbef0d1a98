import { Button, HStack } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { PencilIcon, TrashIcon } from "../../../components/ui/icons";
import { PackageSummaryCard } from "../../../components/ui/package-summary-card";
import { errorMessage } from "../../../lib/api-client";
import { formatKes, formatNairobiDate } from "../../../lib/format";
import { queryKeys } from "../../../lib/query-keys";
import { toast } from "../../../lib/toast/toast";
import { deletePackage } from "../api/delete-package";

interface AdminPackageCardProps {
  pkg: Package;
  onEdit: () => void;
}

export function AdminPackageCard({ pkg, onEdit }: AdminPackageCardProps) {
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: deletePackage,
    // The card stays busy until the list has been read again without it.
    onSuccess: async () => {
      toast.success("Package deleted successfully");
      await queryClient.invalidateQueries({ queryKey: queryKeys.packages });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.stats });
    },
    onError: (error) => toast.error(errorMessage(error, "Failed to delete package")),
  });
  const deleting = removal.isPending;

  function handleDelete() {
    if (!window.confirm("Are you sure you want to delete this package?")) return;
    removal.mutate(pkg._id);
  }

  const figures = [
    { label: "Price", value: formatKes(pkg.price) },
    { label: "Monthly return", value: `${pkg.monthlyReturnRate}%` },
    { label: "Daily return", value: `${pkg.dailyReturnRate}%` },
    { label: "Maturity", value: formatNairobiDate(pkg.maturityDate) },
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
