import { AdminUsersQuerySchema } from "@jengafund/shared";
import { admin } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPage, presentUser } from "../../lib/presenters.js";

export const handler = httpHandler("list-admin-users", { query: AdminUsersQuerySchema }, async ({ query }) => {
  const page = await admin().listUsers(query);
  return { body: presentPage("users", page, query, presentUser) };
});
