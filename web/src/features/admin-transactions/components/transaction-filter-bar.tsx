import { ClearFiltersButton } from "../../../components/admin/clear-filters-button";
import { FilterBar } from "../../../components/admin/filter-bar";
import { FilterSelect } from "../../../components/admin/filter-select";
import { SearchField } from "../../../components/admin/search-field";
import { statusOptions, typeOptions } from "../lib/transaction-filters";

interface TransactionFilterBarProps {
  search: string;
  type: string;
  status: string;
  onSearchChange: (search: string) => void;
  onTypeChange: (type: string) => void;
  onStatusChange: (status: string) => void;
  onClear: () => void;
}

export function TransactionFilterBar(props: TransactionFilterBarProps) {
  return (
    <FilterBar>
      <SearchField
        label="Search"
        placeholder="Search by user or reference..."
        value={props.search}
        onChange={props.onSearchChange}
      />
      <FilterSelect label="Type" value={props.type} options={typeOptions} onChange={props.onTypeChange} />
      <FilterSelect label="Status" value={props.status} options={statusOptions} onChange={props.onStatusChange} />
      <ClearFiltersButton onClick={props.onClear}>Clear Filters</ClearFiltersButton>
    </FilterBar>
  );
}
