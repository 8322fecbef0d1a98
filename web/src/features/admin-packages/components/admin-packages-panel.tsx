import { Button, SimpleGrid, Stack } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useState } from "react";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PlusIcon } from "../../../components/ui/icons";
import { PanelHeader } from "../../../components/ui/panel-header";
import { SectionSpinner } from "../../../components/ui/section-spinner";
import { useAdminPackages } from "../hooks/use-admin-packages";
import { AdminPackageCard } from "./admin-package-card";
import { PackageFormDialog } from "./package-form-dialog";

/** What the add/edit modal is open for: a new package, an existing one, or nothing. */
type Editing = { mode: "create" } | { mode: "edit"; pkg: Package } | null;

export function AdminPackagesPanel() {
  const { packages, loading, saved, removed } = useAdminPackages();
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <Stack gap="6">
      <PanelHeader title="Package Management" description="Create, edit and retire the investment packages.">
        <Button onClick={() => setEditing({ mode: "create" })}>
          <PlusIcon />
          Add Package
        </Button>
      </PanelHeader>
      {loading ? (
        <SectionSpinner />
      ) : packages.length === 0 ? (
        <EmptyPanel
          title="No packages yet"
          description="Packages you add will appear here and on the investor dashboard."
        />
      ) : (
        <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          {packages.map((pkg) => (
            <li key={pkg._id}>
              <AdminPackageCard pkg={pkg} onEdit={() => setEditing({ mode: "edit", pkg })} onDeleted={removed} />
            </li>
          ))}
        </SimpleGrid>
      )}
      {editing && (
        <PackageFormDialog
          pkg={editing.mode === "edit" ? editing.pkg : undefined}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
    </Stack>
  );
}
