import { ClearFiltersButton } from "./clear-filters-button";
import { FilterBar } from "./filter-bar";
import { type FilterOption, FilterSelect } from "./filter-select";
import type { StatusFilterState } from "./use-status-filtered-list";

/** The filters of a list filtered by status alone: the Status dropdown and Clear Filter. */
export function StatusFilterBar({ filter, options }: { filter: StatusFilterState; options: readonly FilterOption[] }) {
  return (
    <FilterBar>
      <FilterSelect label="Status" value={filter.status} options={options} onChange={filter.setStatus} />
      <ClearFiltersButton onClick={filter.clearStatus}>Clear Filter</ClearFiltersButton>
    </FilterBar>
  );
}
