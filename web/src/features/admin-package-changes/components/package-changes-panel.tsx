import { Stack, Text } from "@chakra-ui/react";
import type { PackageChange } from "@jengafund/shared";
import { useState } from "react";
import { ResponsiveList } from "../../../components/admin/admin-table";
import { FilterBar } from "../../../components/admin/filter-bar";
import { FilterSelect } from "../../../components/admin/filter-select";
import { ListCount } from "../../../components/admin/list-count";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { useAuth } from "../../../lib/auth/use-auth";
import { NAIROBI_TIME_NOTE } from "../../../lib/format";
import { usePackageChanges } from "../hooks/use-package-changes";
import { STATUS_FILTER_LABEL, statusOptions } from "../lib/package-change-labels";
import { PackageChangeDialog } from "./package-change-dialog";
import { PackageChangeCards, PackageChangesTable } from "./package-changes-table";

/**
 * New packages and changes to a package's price, rates or maturity, waiting for a second admin (design.md §13.1),
 * and what became of them. The server sends them all at once, so there is no pager.
 */
export function PackageChangesPanel() {
  const { user: admin } = useAuth();
  const { list, status, setStatus, busy } = usePackageChanges();
  const [selected, setSelected] = useState<PackageChange | null>(null);
  const listProps = { busy, adminId: admin?._id, onOpen: setSelected };

  return (
    <Stack gap="5">
      <PanelHeader
        title="Package Changes"
        description="New packages and changes to price, rates or maturity wait here for a second admin"
      >
        <ListCount page={list.data && { items: list.data, total: list.data.length }} noun="package change" />
      </PanelHeader>
      <FilterBar>
        <FilterSelect label={STATUS_FILTER_LABEL} value={status} options={statusOptions} onChange={setStatus} />
      </FilterBar>
      <QueryState
        query={list}
        what="the package changes"
        isEmpty={(changes) => changes.length === 0}
        empty={
          <EmptyPanel
            title="No package changes found"
            description={
              status
                ? "No package changes match the selected status filter."
                : "New packages and changes of their terms will appear here."
            }
          />
        }
      >
        {(changes) => (
          <Stack gap="2">
            <ResponsiveList
              table={<PackageChangesTable changes={changes} {...listProps} />}
              cards={<PackageChangeCards changes={changes} {...listProps} />}
            />
            <Text fontSize="sm" color="fg.muted">
              {NAIROBI_TIME_NOTE}
            </Text>
          </Stack>
        )}
      </QueryState>
      {selected && <PackageChangeDialog change={selected} adminId={admin?._id} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
