import { AdminAuditQuerySchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentAuditEntry, presentPage } from "../../lib/presenters.js";

export const handler = httpHandler("list-admin-audit", { query: AdminAuditQuerySchema }, async ({ query }) => {
  const page = await admin().listAudit(query);
  return { body: presentPage("entries", page, query, presentAuditEntry) };
});
