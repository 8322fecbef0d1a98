import { Button, SimpleGrid, Stack } from "@chakra-ui/react";
import type { Package } from "@jengafund/shared";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PlusIcon } from "../../../components/ui/icons";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { useAdminPackages } from "../hooks/use-admin-packages";
import { AdminPackageCard } from "./admin-package-card";
import { PackageFormDialog } from "./package-form-dialog";

/** What the add/edit modal is open for: a new package, an existing one, or nothing. */
type Editing = { mode: "create" } | { mode: "edit"; pkg: Package } | null;

export function AdminPackagesPanel() {
  const packages = useAdminPackages();
  // The overview's "Add New Package" arrives with the form to open; the mark goes when it closes, so a reload or Back
  // does not open it again.
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedToAdd = (location.state as { addPackage?: boolean } | null)?.addPackage === true;
  const [editing, setEditing] = useState<Editing>(arrivedToAdd ? { mode: "create" } : null);
  const closeForm = () => {
    setEditing(null);
    if (arrivedToAdd)
      navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  };

  return (
    <Stack gap="6">
      <PanelHeader title="Package Management" description="Create, edit and retire the investment packages.">
        <Button onClick={() => setEditing({ mode: "create" })}>
          <PlusIcon />
          Add Package
        </Button>
      </PanelHeader>
      <QueryState
        query={packages}
        what="the packages"
        isEmpty={(list) => list.length === 0}
        empty={
          <EmptyPanel
            title="No packages yet"
            description="Packages you add will appear here and on the investor dashboard."
          />
        }
      >
        {(list) => (
          <SimpleGrid as="ul" listStyle="none" columns={{ base: 1, md: 2, lg: 3 }} gap="4">
            {list.map((pkg) => (
              <li key={pkg._id}>
                <AdminPackageCard pkg={pkg} onEdit={() => setEditing({ mode: "edit", pkg })} />
              </li>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {editing && <PackageFormDialog pkg={editing.mode === "edit" ? editing.pkg : undefined} onClose={closeForm} />}
    </Stack>
  );
}
