import { Stack } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { ClearFiltersButton } from "../../../components/admin/clear-filters-button";
import { FilterBar } from "../../../components/admin/filter-bar";
import { FilterSelect } from "../../../components/admin/filter-select";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { SearchField } from "../../../components/admin/search-field";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { PanelHeader } from "../../../components/ui/panel-header";
import { queryKeys } from "../../../lib/query-keys";
import { getAudit } from "../api/get-audit";
import { AUDIT_TEXTS, type AuditFilters, actionOptions, hasActiveFilter } from "../lib/audit-labels";
import { AuditCards, AuditTable } from "./audit-table";

/** The audit trail of design.md §11, with the Transactions tab's conventions: filters, search, pages, honest states. */
export function AuditPanel() {
  const search = useDebouncedSearch();
  const [action, setAction] = useState("");
  const filters = useMemo<AuditFilters>(() => ({ action, search: search.settled }), [action, search.settled]);
  const audit = usePagedList({ queryKey: queryKeys.admin.audit, fetchPage: getAudit, query: filters });

  function clearFilters() {
    setAction("");
    search.clear();
    audit.setPage(1);
  }

  return (
    <Stack gap="5">
      <PanelHeader title={AUDIT_TEXTS.title} description={AUDIT_TEXTS.description}>
        <ListCount page={audit.list.data} noun="entry" plural="entries" />
      </PanelHeader>
      <FilterBar>
        <SearchField
          label={AUDIT_TEXTS.searchLabel}
          placeholder={AUDIT_TEXTS.searchPlaceholder}
          value={search.text}
          onChange={search.setText}
        />
        <FilterSelect label={AUDIT_TEXTS.actionLabel} value={action} options={actionOptions} onChange={setAction} />
        <ClearFiltersButton onClick={clearFilters}>{AUDIT_TEXTS.clear}</ClearFiltersButton>
      </FilterBar>
      <PagedListView
        paged={audit}
        what={AUDIT_TEXTS.what}
        empty={{
          title: AUDIT_TEXTS.emptyTitle,
          description: hasActiveFilter(filters) ? AUDIT_TEXTS.emptyFiltered : AUDIT_TEXTS.emptyAll,
        }}
        table={(items) => <AuditTable entries={items} busy={audit.busy} />}
        cards={(items) => <AuditCards entries={items} busy={audit.busy} />}
      />
    </Stack>
  );
}
