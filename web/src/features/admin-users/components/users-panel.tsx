import { Stack } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { FilterBar } from "../../../components/admin/filter-bar";
import { ListCount } from "../../../components/admin/list-count";
import { PagedListView } from "../../../components/admin/paged-list-view";
import { SearchField } from "../../../components/admin/search-field";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { PanelHeader } from "../../../components/ui/panel-header";
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
      <PagedListView
        paged={users}
        what="the users"
        empty={{
          title: "No users found",
          description: query.search ? "No user matches this search." : "Users will appear here as people sign up.",
        }}
        table={(items) => <UsersTable users={items} busy={users.busy} {...actions} />}
        cards={(items) => <UserCards users={items} busy={users.busy} {...actions} />}
      />
      {viewing && <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />}
      {adjusting && <AdjustBalanceDialog user={adjusting} onClose={() => setAdjusting(null)} />}
    </Stack>
  );
}
