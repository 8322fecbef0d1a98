import { Stack } from "@chakra-ui/react";
import type { User } from "@jengafund/shared";
import { useMemo, useState } from "react";
import { toast } from "react-toastify";
import { FilterBar } from "../../../components/admin/filter-bar";
import { ListCount } from "../../../components/admin/list-count";
import { PaginationBar } from "../../../components/admin/pagination-bar";
import { SearchField } from "../../../components/admin/search-field";
import { useDebouncedSearch } from "../../../components/admin/use-debounced-search";
import { usePagedList } from "../../../components/admin/use-paged-list";
import { EmptyPanel } from "../../../components/ui/empty-panel";
import { PanelHeader } from "../../../components/ui/panel-header";
import { SectionSpinner } from "../../../components/ui/section-spinner";
import { getUsers } from "../api/get-users";
import { AdjustBalanceDialog } from "./adjust-balance-dialog";
import { UserDetailsDialog } from "./user-details-dialog";
import { UsersTable } from "./users-table";

function reportLoadFailure() {
  toast.error("Failed to load users");
}

export function UsersPanel() {
  const search = useDebouncedSearch();
  const query = useMemo(() => ({ search: search.settled }), [search.settled]);
  const users = usePagedList(getUsers, query, reportLoadFailure);
  const [viewing, setViewing] = useState<User | null>(null);
  const [adjusting, setAdjusting] = useState<User | null>(null);
  const replaceUser = (user: User) => users.replaceItem((item) => item._id === user._id, user);

  return (
    <Stack gap="5">
      <PanelHeader title="User Management" description="Search, review and manage investor accounts.">
        <ListCount shown={users.items.length} total={users.total} noun="user" />
      </PanelHeader>
      <FilterBar>
        <SearchField
          label="Search users"
          placeholder="Search by name, email or phone..."
          value={search.text}
          onChange={search.setText}
        />
      </FilterBar>
      {!users.loaded ? (
        <SectionSpinner />
      ) : users.items.length === 0 ? (
        <EmptyPanel
          title="No users found"
          description={query.search ? "No user matches this search." : "Users will appear here as people sign up."}
        />
      ) : (
        <UsersTable
          users={users.items}
          busy={users.loading}
          onView={setViewing}
          onAdjust={setAdjusting}
          onStatusChanged={replaceUser}
        />
      )}
      <PaginationBar
        page={users.page}
        totalPages={users.totalPages}
        onPageChange={users.setPage}
        disabled={users.loading}
      />
      {viewing && <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />}
      {adjusting && (
        <AdjustBalanceDialog user={adjusting} onClose={() => setAdjusting(null)} onAdjusted={replaceUser} />
      )}
    </Stack>
  );
}
