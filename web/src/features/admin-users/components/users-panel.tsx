import { Stack } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { ResponsiveList } from "../../../components/admin/admin-table";
import { FilterBar } from "../../../components/admin/filter-bar";
import { ListCount } from "../../../components/admin/list-count";
import { PaginationBar } from "../../../components/admin/pagination-bar";
import { SearchField } from "../../../components/admin/search-field";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { QueryState } from "../../../components/ui/query-state";
import { queryKeys } from "../../../lib/query-keys";
import { getUsers } from "../api/get-users";
import { AdjustBalanceDialog } from "./adjust-balance-dialog";
import { UserDetailsDialog } from "./user-details-dialog";
import { UserCards, UsersTable } from "./users-table";

export function UsersPanel() {
  const search = useDebouncedSearch();
  const query = useMemo(() => ({ search: search.settled }), [search.settled]);
  const users = usePagedList({
    queryKey: queryKeys.admin.users,
    fetchPage: getUsers,
    query,
    errorToast: "Failed to load users",
  });
  const [viewing, setViewing] = useState<User | null>(null);
  const [adjusting, setAdjusting] = useState<User | null>(null);
  const actions = { onView: setViewing, onAdjust: setAdjusting };

  return (
    <Stack gap="5">
      <PanelHeader title="User Management" description="Search, review and manage investor accounts.">
        <ListCount page={users.list.data} noun="user" />
      </PanelHeader>
      <FilterBar>
        <SearchField
          label="Search users"
          placeholder="Search by name, email or phone..."
          value={search.text}
          onChange={search.setText}
        />
      </FilterBar>
      <QueryState
        query={users.list}
        what="the users"
        isEmpty={(page) => page.items.length === 0}
        empty={
          <EmptyPanel
            title="No users found"
            description={query.search ? "No user matches this search." : "Users will appear here as people sign up."}
          />
        }
      >
        {({ items }) => (
          <ResponsiveList
            table={<UsersTable users={items} busy={users.busy} {...actions} />}
            cards={<UserCards users={items} busy={users.busy} {...actions} />}
          />
        )}
      </QueryState>
      <PaginationBar
        page={users.page}
        totalPages={users.totalPages}
        onPageChange={users.setPage}
        disabled={users.busy}
      />
      {viewing && <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />}
      {adjusting && <AdjustBalanceDialog user={adjusting} onClose={() => setAdjusting(null)} />}
    </Stack>
  );
}
