import { ADMIN_PAGE_SIZE, type AuditEntry } from "@jengafund/shared";
import type { PageOf } from "../../../components/admin/use-paged-list";
import { apiCall } from "../../../lib/api-call";
import type { AuditFilters } from "../lib/audit-labels";

/** One page of the audit trail, newest first; empty filters are left out of the query. */
export async function getAudit(page: number, filters: AuditFilters, cursor?: string): Promise<PageOf<AuditEntry>> {
  const { entries, ...paging } = await apiCall("list-admin-audit", {
    query: {
      page: String(page),
      limit: String(ADMIN_PAGE_SIZE),
      ...(filters.action ? { action: filters.action } : {}),
      ...(filters.search ? { search: filters.search } : {}),
      ...(cursor ? { cursor } : {}),
    },
  });
  return { items: entries, ...paging };
}
