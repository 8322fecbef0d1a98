import { AdminUsersQuerySchema } from "@jengafund/shared";
import { httpHandler } from "../../http/middleware.js";
import { presentPage, presentUser } from "../../http/presenters.js";
import { admin } from "../../modules/admin-controls/index.js";

export const handler = httpHandler(
  "list-admin-users",
  { query: AdminUsersQuerySchema },
  async ({ query, caller, sourceIp }) => {
    const page = await admin().listUsers(query, { user: caller, ip: sourceIp });
    return { body: presentPage("users", page, query, presentUser) };
  },
);
