/**
 * Admin reads of people's data leave a trace (design.md §11): a search of the users or of the transactions, and the
 * transactions export, each write an audit entry with the admin, their address, what was asked and how many rows it
 * gave, before the answer leaves. Paging through a list without a search records nothing. Read back, as an auditor
 * would, through GET /admin/audit.
 */
import type { AuditEntry, AuthResponse } from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { handler as exportTransactions } from "../src/handlers/http/export-admin-transactions.js";
import { handler as listAudit } from "../src/handlers/http/list-admin-audit.js";
import { handler as listTransactions } from "../src/handlers/http/list-admin-transactions.js";
import { handler as listUsers } from "../src/handlers/http/list-admin-users.js";
import { signInAsAdmin } from "./support/admin.js";
import { call, gatewayEvent, testContext } from "./support/events.js";
import { registerUser } from "./support/users.js";

type AuditPage = { entries: AuditEntry[]; total: number };

const ADMIN_IP = "203.0.113.77";
let admin: AuthResponse;
beforeAll(async () => {
  admin = await signInAsAdmin();
});

const audit = async (query: Record<string, string> = {}) =>
  (
    await call<AuditPage>(
      listAudit,
      gatewayEvent("list-admin-audit", { token: admin.token, query: { page: "1", limit: "50", ...query } }),
    )
  ).body;

const actor = () => ({
  _id: admin.user._id,
  firstName: admin.user.firstName,
  lastName: admin.user.lastName,
  email: admin.user.email,
});

describe("admin reads in the audit trail", () => {
  it("records a search of the users, with the admin, the address, the text and the number found", async () => {
    await registerUser({ lastName: "Chepkoech" });
    const before = (await audit()).total;
    const found = await call<{ total: number }>(
      listUsers,
      gatewayEvent("list-admin-users", { token: admin.token, sourceIp: ADMIN_IP, query: { search: "Chepkoech" } }),
    );
    expect(found.statusCode).toBe(200);
    expect(found.body.total).toBeGreaterThanOrEqual(1);

    const { entries, total } = await audit({ action: "users.search" });
    expect(total).toBe(1);
    expect(entries[0]).toMatchObject({
      action: "users.search",
      actor: actor(),
      target: { type: "list", _id: "USERS", label: 'Users: "Chepkoech"' },
      details: { query: { search: "Chepkoech" }, rows: found.body.total, ip: ADMIN_IP },
    });
    // The trail's own search finds it by the list, and by the admin.
    expect((await audit({ search: "users" })).entries.map((e) => e.action)).toEqual(["users.search"]);
    expect((await audit({ search: admin.user.email })).entries.map((e) => e.action)).toContain("users.search");
    expect((await audit()).total).toBe(before + 1);
  });

  it("records a search of the transactions, with its filters", async () => {
    const { input } = await registerUser();
    const answer = await call<{ total: number }>(
      listTransactions,
      gatewayEvent("list-admin-transactions", {
        token: admin.token,
        sourceIp: ADMIN_IP,
        query: { search: input.email, type: "trial", status: "" },
      }),
    );
    expect(answer.statusCode).toBe(200);
    const [entry] = (await audit({ action: "transactions.search" })).entries;
    expect(entry).toMatchObject({
      actor: actor(),
      target: { type: "list", _id: "TRANSACTIONS", label: `Transactions: "${input.email}", type trial` },
      details: { query: { search: input.email, type: "trial" }, rows: answer.body.total, ip: ADMIN_IP },
    });
  });

  it("records every export of the transactions, with its filters and its row count", async () => {
    const { input } = await registerUser();
    const exported = await exportTransactions(
      gatewayEvent("export-admin-transactions", {
        token: admin.token,
        sourceIp: ADMIN_IP,
        query: { search: input.email, type: "", status: "" },
      }),
      testContext,
    );
    expect(exported.statusCode).toBe(200);
    const rows = (exported.body ?? "").trim().split("\r\n").length - 1;
    expect(rows).toBeGreaterThanOrEqual(1);
    const everything = await exportTransactions(
      gatewayEvent("export-admin-transactions", { token: admin.token, sourceIp: ADMIN_IP }),
      testContext,
    );
    expect(everything.statusCode).toBe(200);

    const { entries, total } = await audit({ action: "transactions.export" });
    expect(total).toBe(2);
    expect(entries.map((e) => e.target.label)).toEqual(["Transactions", `Transactions: "${input.email}"`]);
    expect(entries[1]).toMatchObject({
      actor: actor(),
      target: { type: "list", _id: "TRANSACTIONS" },
      details: { query: { search: input.email }, rows, ip: ADMIN_IP },
    });
    expect(entries[0]?.details).toMatchObject({ query: {}, ip: ADMIN_IP });
  });

  it("records nothing for a page of a list opened without a search", async () => {
    const before = (await audit()).total;
    for (const [handler, route] of [
      [listUsers, "list-admin-users"],
      [listTransactions, "list-admin-transactions"],
    ] as const) {
      const page = await call(handler, gatewayEvent(route, { token: admin.token, query: { page: "1" } }));
      expect(page.statusCode).toBe(200);
    }
    expect((await audit()).total).toBe(before);
  });
});
