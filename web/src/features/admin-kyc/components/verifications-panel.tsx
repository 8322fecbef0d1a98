import { Stack, Text } from "@chakra-ui/react";
import type { KycSubmissionSummary } from "@jengafund/shared";
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
import { useKycSubmissions } from "../hooks/use-kyc-submissions";
import { statusOptions } from "../lib/kyc-review";
import { KycReviewDialog } from "./kyc-review-dialog";
import { KycSubmissionCards, KycSubmissionsTable } from "./kyc-submissions-table";

/**
 * The Verifications tab (design.md §13.5): identity submissions, oldest first, pending by default; each opens the
 * review with the details beside the documents.
 */
export function VerificationsPanel() {
  const { user: admin } = useAuth();
  const { list, status, setStatus, busy } = useKycSubmissions();
  const [selected, setSelected] = useState<KycSubmissionSummary | null>(null);
  const listProps = { busy, adminId: admin?._id, onOpen: setSelected };
  const submissions = list.data?.submissions;

  return (
    <Stack gap="5">
      <PanelHeader
        title="Verifications"
        description="Identity documents waiting for a review, the longest waiting first"
      >
        <ListCount page={submissions && { items: submissions, total: submissions.length }} noun="verification" />
      </PanelHeader>
      <FilterBar>
        <FilterSelect label="Status" value={status} options={statusOptions} onChange={setStatus} />
      </FilterBar>
      <QueryState
        query={list}
        what="the verifications"
        isEmpty={(data) => data.submissions.length === 0}
        empty={
          <EmptyPanel
            title="No verifications found"
            description={
              status === "pending"
                ? "Nothing waits for a review."
                : "No verifications match the selected status filter."
            }
          />
        }
      >
        {(data) => (
          <Stack gap="2">
            <ResponsiveList
              table={<KycSubmissionsTable submissions={data.submissions} {...listProps} />}
              cards={<KycSubmissionCards submissions={data.submissions} {...listProps} />}
            />
            <Text fontSize="sm" color="fg.muted">
              {NAIROBI_TIME_NOTE}
            </Text>
          </Stack>
        )}
      </QueryState>
      {selected && <KycReviewDialog submission={selected} adminId={admin?._id} onClose={() => setSelected(null)} />}
    </Stack>
  );
}
