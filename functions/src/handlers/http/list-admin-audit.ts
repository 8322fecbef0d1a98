import { AdminAuditQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentAuditEntry, presentPage } from "../../http/presenters.js";
import { admin } from "../../modules/admin-controls/index.js";

export const handler = httpHandler("list-admin-audit", { query: AdminAuditQuerySchema }, async ({ query }) => {
  const page = await admin().listAudit(query);
  return { body: presentPage("entries", page, query, presentAuditEntry) };
});
