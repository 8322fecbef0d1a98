/**
 * Admins are made by an operator (design.md §12.1): `npm run admin` (scripts/admin.ts) run as an operator runs it, as
 * a child process on this file's table and the suite's MailDev, and what it made used over HTTP on the local API: the
 * printed link sets the password through the reset page's route, the admin signs in, and disabling ends the sessions.
 */
import { execFile } from "node:child_process";
import { createHash, randomInt } from "node:crypto";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN_PASSWORD_MIN_LENGTH, type AuditEntry, type AuthResponse, MESSAGES, type User } from "@jengafund/shared";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { seedDevData } from "../src/local/seed.js";
import { ADMIN_ACCOUNT_MESSAGES } from "../src/modules/admin-controls/admin-accounts.js";
import { ACCOUNT_MESSAGES } from "../src/modules/identity/accounts.js";
import { PASSWORD_RESET_MESSAGES } from "../src/modules/identity/password-reset.js";
import { readItem, readStats } from "./support/db.js";
import { api, useLocalApi } from "./support/local-api.js";
import { resetLinkOf, waitForMailsTo } from "./support/mail.js";
import { newRegistration } from "./support/users.js";

useLocalApi();

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const DEV_ADMIN = { email: "admin@jengafund.local", password: "Admin@12345" };
const NEW_PASSWORD = "Mlima-Kenya-5199";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` against this file's table (setup-table.ts) and the suite's MailDev (global-setup.ts). */
function runAdmin(...args: string[]): Promise<Run> {
  const env = {
    ...process.env,
    DYNAMODB_PORT: new URL(process.env.DYNAMODB_ENDPOINT ?? "").port,
    MAILDEV_SMTP_PORT: String(inject("mailSmtpPort")),
    WEB_ORIGIN: "http://localhost:5173",
  };
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", ...args],
      { cwd: repoRoot, env, timeout: 50_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

const newAdminFlags = () => {
  const email = `amani.${Date.now()}.${randomInt(1e6)}@jengafund.co.ke`;
  const phone = `07${String(randomInt(10_000_000, 99_999_999))}`;
  return { email, phone, flags: ["--email", email, "--phone", phone, "--first", "Amani", "--last", "Otieno"] };
};

const printedLink = (stdout: string) => {
  const match = stdout.match(/http:\/\/localhost:5173\/reset-password#token=[\w-]+/);
  if (!match) throw new Error(`no link printed in:\n${stdout}`);
  return new URL(match[0]);
};
/** The token a printed link carries after `#token=`. */
const tokenOf = (link: URL) => new URLSearchParams(link.hash.slice(1)).get("token");

const login = (email: string, password: string) =>
  api<AuthResponse>("POST", "/auth/login", { body: { email, password } });
const me = (token: string) => api<{ user: User }>("GET", "/auth/me", { token });

async function userByEmail(email: string) {
  const marker = await readItem(keys.emailMarker(email));
  return marker ? readItem(keys.user(String(marker.userId))) : undefined;
}

describe("npm run admin -- create", () => {
  const admin = newAdminFlags();
  let created: Run;
  let usersBefore: number;

  beforeAll(async () => {
    usersBefore = (await readStats()).totalUsers ?? 0;
    created = await runAdmin("create", ...admin.flags);
  });

  it("makes an active admin account, not a trial account, with its markers and counted like any user", async () => {
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const user = await userByEmail(admin.email);
    expect(user).toMatchObject({
      role: "admin",
      isActive: true,
      isTrialAccount: false,
      trialBalanceCents: 0,
      walletBalanceCents: 0,
      firstName: "Amani",
      lastName: "Otieno",
      phoneNumber: `254${admin.phone.slice(1)}`,
      tokenVersion: 1,
    });
    expect(await readItem(keys.phoneMarker(String(user?.phoneNumber)))).toMatchObject({ userId: user?.id });
    expect(await readItem(keys.referralCodeMarker(String(user?.referralCode)))).toMatchObject({ userId: user?.id });
    expect((await readStats()).totalUsers).toBe(usersBefore + 1);
    expect(created.stdout).toContain(`Created admin account ${user?.id}: Amani Otieno <${admin.email}>`);
    expect(created.stdout).toContain(`Mailed to ${admin.email}`);
  });

  it("has no usable password until the link is used", async () => {
    for (const password of ["secret123", DEV_ADMIN.password, NEW_PASSWORD]) {
      expect((await login(admin.email, password)).status).toBe(401);
    }
  });

  it("prints a one-time link to the reset page, valid 24 hours, and mails the same link", async () => {
    const link = printedLink(created.stdout);
    expect(created.stdout).toContain("valid 24 hours");
    const stored = await readItem(keys.passwordReset(sha256(tokenOf(link) ?? "")));
    expect(stored).toMatchObject({ type: "PasswordReset", email: admin.email });
    const ttl = Number(stored?.expiresAt) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(24 * 3600 - 120);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);

    const [mail] = await waitForMailsTo(admin.email);
    expect(mail?.subject).toBe("Your JengaFund admin account");
    expect(mail?.text).toContain("Hello Amani");
    expect(mail?.text).toContain("expires in 24 hours");
    if (!mail) throw new Error("no mail");
    expect(resetLinkOf(mail).url.href).toBe(link.href);
  });

  it("the link sets the password through POST /auth/reset-password, once; then the admin signs in as an admin", async () => {
    const token = tokenOf(printedLink(created.stdout));
    // An admin's password needs 12 characters, where an investor's needs 6; the link stays for a longer one.
    const short = await api("POST", "/auth/reset-password", { body: { token, password: "Mlima-Ke-51" } });
    expect(short).toEqual({ status: 400, body: { message: MESSAGES.adminPasswordTooShort } });
    expect(MESSAGES.adminPasswordTooShort).toContain(String(ADMIN_PASSWORD_MIN_LENGTH));
    const reset = await api("POST", "/auth/reset-password", { body: { token, password: NEW_PASSWORD } });
    expect(reset).toEqual({ status: 200, body: { message: PASSWORD_RESET_MESSAGES.done } });
    const again = await api("POST", "/auth/reset-password", { body: { token, password: "Another-Pass-77" } });
    expect(again).toEqual({ status: 400, body: { message: MESSAGES.invalidResetLink } });

    const session = await login(admin.email, NEW_PASSWORD);
    expect(session.status).toBe(200);
    expect(session.body.user.role).toBe("admin");
    const profile = await me(session.body.token);
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ email: admin.email, role: "admin", isTrialAccount: false });
    expect((await api("GET", "/admin/stats", { token: session.body.token })).status).toBe(200);
  });

  it("refuses an email already registered, in any case, with a clear message and a non-zero exit, writing nothing", async () => {
    const usersNow = (await readStats()).totalUsers;
    const other = newAdminFlags();
    const again = await runAdmin(
      "create",
      ...["--email", admin.email.toUpperCase(), "--phone", other.phone, "--first", "Amani", "--last", "Otieno"],
    );
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(ADMIN_ACCOUNT_MESSAGES.emailTaken);
    expect(again.stdout).not.toContain("reset-password");
    expect(await readItem(keys.phoneMarker(`254${other.phone.slice(1)}`))).toBeUndefined();
    expect((await readStats()).totalUsers).toBe(usersNow);
  });

  it("refuses a phone number already registered", async () => {
    const other = newAdminFlags();
    const again = await runAdmin(
      "create",
      ...["--email", other.email, "--phone", admin.phone, "--first", "Amani", "--last", "Otieno"],
    );
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain(ADMIN_ACCOUNT_MESSAGES.phoneTaken);
    expect(await readItem(keys.emailMarker(other.email))).toBeUndefined();
  });

  it("refuses missing or invalid flags before touching the table, saying which", async () => {
    const other = newAdminFlags();
    const missing = await runAdmin("create", "--email", other.email, "--phone", other.phone, "--first", "Amani");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Last name is required");
    const badPhone = await runAdmin(
      "create",
      ...["--email", "not-an-email", "--phone", "0812345678", "--first", "Amani", "--last", "Otieno"],
    );
    expect(badPhone.code).toBe(2);
    expect(badPhone.stderr).toContain(MESSAGES.invalidEmail);
    expect(badPhone.stderr).toContain(MESSAGES.invalidPhone);
    expect(await readItem(keys.emailMarker(other.email))).toBeUndefined();
  });
});

describe("npm run admin -- disable | enable", () => {
  const admin = newAdminFlags();
  let devAdminToken: string;
  let adminId: string;

  /** The operator's entries on this admin, as the admin console's audit list shows them. */
  const auditOfAdmin = async () =>
    (await api<{ entries: AuditEntry[] }>("GET", "/admin/audit?limit=100", { token: devAdminToken })).body.entries
      .filter((entry) => entry.target._id === adminId)
      .reverse();

  beforeAll(async () => {
    await seedDevData(DEV_ADMIN);
    devAdminToken = (await login(DEV_ADMIN.email, DEV_ADMIN.password)).body.token;
    const created = await runAdmin("create", ...admin.flags);
    expect(created.code).toBe(0);
    const token = tokenOf(printedLink(created.stdout));
    expect((await api("POST", "/auth/reset-password", { body: { token, password: NEW_PASSWORD } })).status).toBe(200);
    adminId = String((await userByEmail(admin.email))?.id);
  });

  it("records the creation in the audit trail, by the operator, from the command", async () => {
    const [entry] = await auditOfAdmin();
    expect(entry).toMatchObject({
      action: "admin.create",
      actor: { _id: "operator", firstName: "Operator" },
      target: { type: "user", _id: adminId, label: admin.email },
      details: {
        after: { role: "admin", firstName: "Amani", lastName: "Otieno", isActive: true },
        ip: "npm run admin",
      },
    });
  });

  it("disable ends the admin's sessions at once and stops their sign-in, audited as the operator", async () => {
    const session = (await login(admin.email, NEW_PASSWORD)).body.token;
    expect((await me(session)).status).toBe(200);

    const disabled = await runAdmin("disable", "--email", admin.email, "--reason", "Left the company");
    expect(disabled.stderr).toBe("");
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toContain(`Disabled admin account ${adminId}`);

    expect((await me(session)).status).toBe(401);
    expect((await api("GET", "/admin/stats", { token: session })).status).toBe(401);
    expect(await login(admin.email, NEW_PASSWORD)).toEqual({
      status: 403,
      body: { message: ACCOUNT_MESSAGES.deactivated },
    });
    const [, entry] = await auditOfAdmin();
    expect(entry).toMatchObject({
      action: "user.status",
      actor: { _id: "operator", firstName: "Operator" },
      target: { type: "user", _id: adminId, label: admin.email },
      details: { before: { isActive: true }, after: { isActive: false }, reason: "Left the company" },
    });
  });

  it("a second disable changes nothing and records nothing", async () => {
    const again = await runAdmin("disable", "--email", admin.email);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("is already disabled: nothing changed");
    expect(await auditOfAdmin()).toHaveLength(2);
  });

  it("enable restores sign-in and API access, audited", async () => {
    const enabled = await runAdmin("enable", "--email", admin.email);
    expect(enabled.code).toBe(0);
    expect(enabled.stdout).toContain(`Enabled admin account ${adminId}`);
    const session = await login(admin.email, NEW_PASSWORD);
    expect(session.status).toBe(200);
    expect((await me(session.body.token)).body.user).toMatchObject({ role: "admin", isActive: true });
    expect((await api("GET", "/admin/stats", { token: session.body.token })).status).toBe(200);
    const entries = await auditOfAdmin();
    expect(entries.map((entry) => [entry.action, entry.details.after?.isActive])).toEqual([
      ["admin.create", true],
      ["user.status", false],
      ["user.status", true],
    ]);
  });

  it("refuses an unknown email and an investor's account, changing nothing", async () => {
    const unknown = await runAdmin("disable", "--email", "nobody.here@example.co.ke");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(ADMIN_ACCOUNT_MESSAGES.unknownEmail("nobody.here@example.co.ke"));

    const investor = newRegistration();
    const registered = await api<AuthResponse>("POST", "/auth/register", { body: investor });
    expect(registered.status).toBe(201);
    const refused = await runAdmin("disable", "--email", investor.email);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(ADMIN_ACCOUNT_MESSAGES.notAdmin(investor.email.toLowerCase()));
    expect((await me(registered.body.token)).status).toBe(200);
  });
});
