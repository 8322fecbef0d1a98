/**
 * Know your customer (design.md §13.5), over HTTP on the local API, DynamoDB Local and the local S3 server: an
 * investor keeps their ID details, uploads three documents straight to the store by presigned POST and submits; an
 * admin other than the owner verifies or rejects, once, audited, the owner told; one ID number verifies one account.
 * Every refusal writes nothing.
 */
import {
  type AuditEntry,
  type AuthResponse,
  KYC_MESSAGES,
  type KycStart,
  type KycSubmissionDetail,
  type KycSubmissionSummary,
  type KycUploads,
  type KycView,
  type User,
} from "@jengafund/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { keys } from "../src/kernel/dynamo/keys.js";
import { readItem } from "./support/db.js";
import { api, signUpAdmin, useLocalApi } from "./support/local-api.js";
import { waitForMailsTo } from "./support/mail.js";
import { newRegistration } from "./support/users.js";

useLocalApi();

let admin: AuthResponse;
let secondAdmin: AuthResponse;

beforeAll(async () => {
  [admin, secondAdmin] = await Promise.all([signUpAdmin(), signUpAdmin()]);
});

/** A national ID number nobody has used in this run. */
const newIdNumber = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));

const details = (overrides: Partial<KycStart> = {}): KycStart => ({
  idType: "national-id",
  idNumber: newIdNumber(),
  kraPin: "A123456789Z",
  dateOfBirth: "1990-04-12",
  consent: true,
  ...overrides,
});

const investor = async () => (await api<AuthResponse>("POST", "/auth/register", { body: newRegistration() })).body;
const start = (token: string, body: unknown) =>
  api<{ kyc: KycView; uploads: KycUploads; message?: string }>("POST", "/kyc", { token, body });
const submit = (token: string) => api<{ message: string; kyc: KycView }>("POST", "/kyc/submit", { token });
const me = async (token: string) => (await api<{ user: User }>("GET", "/auth/me", { token })).body.user;
const decide = (token: string, userId: string, decision: "verify" | "reject", reason?: string) =>
  api<{ message: string; submission: KycSubmissionSummary }>("PUT", `/admin/kyc/${userId}`, {
    token,
    body: { decision, ...(reason ? { reason } : {}) },
  });
const submissions = async (token: string, status = "pending") =>
  (
    await api<{ submissions: KycSubmissionSummary[]; pendingCount: number }>("GET", `/admin/kyc?status=${status}`, {
      token,
    })
  ).body;

/** The smallest real files of each kind: a PNG, a JPEG and a PDF header. */
const FILES = {
  png: {
    type: "image/png",
    bytes: Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"),
  },
  jpeg: { type: "image/jpeg", bytes: Buffer.from("ffd8ffe000104a46494600010100000100010000ffd9", "hex") },
  pdf: { type: "application/pdf", bytes: Buffer.from("%PDF-1.4\n%%EOF\n") },
} as const;

/** Posts a document to the store as a browser does: every field of the form, then the file last. */
async function upload(form: { url: string; fields: Record<string, string> }, bytes: Buffer, type: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append("file", new Blob([new Uint8Array(bytes)], { type }), "document");
  const response = await fetch(form.url, { method: "POST", body });
  return { status: response.status, text: await response.text() };
}

/** An investor whose three documents are uploaded (JPEG front, PNG back, PDF selfie) and submitted. */
async function submitted(input = details({ uploadTypes: { idBack: "image/png", selfie: "application/pdf" } })) {
  const person = await investor();
  const started = await start(person.token, input);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const { uploads } = started.body;
  expect((await upload(uploads.idFront, FILES.jpeg.bytes, FILES.jpeg.type)).status).toBe(204);
  expect((await upload(uploads.idBack, FILES.png.bytes, FILES.png.type)).status).toBe(204);
  expect((await upload(uploads.selfie, FILES.pdf.bytes, FILES.pdf.type)).status).toBe(204);
  const sent = await submit(person.token);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { ...person, input };
}

describe("an investor's verification", () => {
  it("starts as none, keeps the details, takes three uploads and goes to review", async () => {
    const person = await investor();
    expect(person.user.kyc).toEqual({ status: "none" });
    const input = details();
    const started = await start(person.token, input);
    expect(started.status).toBe(201);
    expect(started.body.kyc).toMatchObject({
      status: "none",
      idType: "national-id",
      idNumberMasked: `${"•".repeat(input.idNumber.length - 3)}${input.idNumber.slice(-3)}`,
      kraPinMasked: "••••••••89Z",
    });
    expect(JSON.stringify(started.body.kyc)).not.toContain(input.idNumber);
    for (const form of Object.values(started.body.uploads)) {
      expect(form.fields).toMatchObject({ "Content-Type": "image/jpeg" });
      expect(form.fields.key).toMatch(new RegExp(`^kyc/${person.user._id}/`));
    }

    const { uploads } = started.body;
    expect((await upload(uploads.idFront, FILES.jpeg.bytes, FILES.jpeg.type)).status).toBe(204);
    expect(await submit(person.token)).toEqual({
      status: 400,
      body: { message: KYC_MESSAGES.missingDocument("idBack") },
    });
    expect((await me(person.token)).kyc).toEqual({ status: "none" });
    expect((await upload(uploads.idBack, FILES.jpeg.bytes, FILES.jpeg.type)).status).toBe(204);
    expect((await upload(uploads.selfie, FILES.jpeg.bytes, FILES.jpeg.type)).status).toBe(204);

    const sent = await submit(person.token);
    expect(sent).toMatchObject({ status: 200, body: { message: KYC_MESSAGES.submitted, kyc: { status: "pending" } } });
    expect((await me(person.token)).kyc).toEqual({ status: "pending" });
    expect(await submit(person.token)).toEqual({ status: 400, body: { message: KYC_MESSAGES.alreadyPending } });
    const listed = await submissions(admin.token);
    const mine = listed.submissions.find((row) => row.userId === person.user._id);
    expect(mine).toMatchObject({ status: "pending", idType: "national-id", phoneNumber: person.user.phoneNumber });
    expect(mine?.idNumberMasked).not.toContain(input.idNumber);
    expect(listed.pendingCount).toBeGreaterThanOrEqual(1);
    const times = listed.submissions.map((row) => row.submittedAt);
    expect(times).toEqual([...times].sort());
  });

  it("refuses bad details with a clear 400 and keeps nothing", async () => {
    const person = await investor();
    const cases: [Partial<KycStart> | Record<string, unknown>, string][] = [
      [{ idNumber: "123456" }, "A national ID number has 7 or 8 digits"],
      [{ kraPin: "B123456789Z" }, "A KRA PIN is A or P, 9 digits and a letter (e.g. A123456789Z)"],
      [{ dateOfBirth: "2015-01-01" }, KYC_MESSAGES.tooYoung],
      [{ dateOfBirth: "1990-02-30" }, "Date of birth must be a real date"],
      [{ consent: false }, "You must agree to how we keep and use your documents"],
      [{ idType: "driving-licence" }, "Choose the type of ID"],
      [{ uploadTypes: { selfie: "image/gif" } }, "Upload a JPEG, PNG or PDF"],
    ];
    for (const [overrides, message] of cases) {
      expect(await start(person.token, { ...details(), ...overrides }), message).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await readItem(keys.verification(person.user._id))).toBeUndefined();
    expect((await api<{ kyc: KycView }>("GET", "/kyc", { token: person.token })).body.kyc).toEqual({ status: "none" });
  });

  it("has the store refuse a file of another type, an oversize file and a tampered form", async () => {
    const person = await investor();
    const { uploads } = (await start(person.token, details())).body;
    const wrongType = await upload(
      { ...uploads.idFront, fields: { ...uploads.idFront.fields, "Content-Type": "text/html" } },
      Buffer.from("<script>alert(1)</script>"),
      "text/html",
    );
    expect(wrongType.status).toBe(403);
    const oversize = await upload(uploads.idBack, Buffer.alloc(5 * 1024 * 1024 + 1, 1), "image/jpeg");
    expect(oversize.status).toBe(400);
    expect(oversize.text).toContain("EntityTooLarge");
    const otherKey = await upload(
      { ...uploads.selfie, fields: { ...uploads.selfie.fields, key: `kyc/${admin.user._id}/x/selfie` } },
      FILES.jpeg.bytes,
      "image/jpeg",
    );
    expect(otherKey.status).toBe(403);
    expect(await submit(person.token)).toEqual({
      status: 400,
      body: { message: KYC_MESSAGES.missingDocument("idFront") },
    });
  });
});

describe("an admin's review", () => {
  it("shows the details in full beside 5-minute image links; the owner cannot review their own", async () => {
    const person = await submitted();
    const detail = await api<{ submission: KycSubmissionDetail }>("GET", `/admin/kyc/${person.user._id}`, {
      token: admin.token,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.submission).toMatchObject({
      idNumber: person.input.idNumber,
      kraPin: "A123456789Z",
      dateOfBirth: "1990-04-12",
      email: person.user.email,
      status: "pending",
    });
    const image = await fetch(detail.body.submission.images.idBack);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FILES.png.bytes);
    expect(Date.parse(detail.body.submission.imagesExpireAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    // An admin's own submission: another admin decides it, never its owner.
    const adminPerson = admin;
    const started = await start(adminPerson.token, details());
    expect(started.status).toBe(201);
    for (const form of Object.values(started.body.uploads)) {
      expect((await upload(form, FILES.jpeg.bytes, FILES.jpeg.type)).status).toBe(204);
    }
    expect((await submit(adminPerson.token)).status).toBe(200);
    expect(await decide(adminPerson.token, adminPerson.user._id, "verify")).toEqual({
      status: 403,
      body: { message: KYC_MESSAGES.ownSubmission },
    });
    expect((await me(adminPerson.token)).kyc).toEqual({ status: "pending" });
  });

  it("decides once when two admins decide at once; audited; the owner is told by email", async () => {
    const person = await submitted();
    const [first, second] = await Promise.all([
      decide(admin.token, person.user._id, "verify"),
      decide(secondAdmin.token, person.user._id, "reject", "The selfie does not match"),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = first.status === 200 ? first : second;
    const state = (await me(person.token)).kyc;
    expect(state.status).toBe(winner.body.submission.status);
    const audit = await api<{ entries: AuditEntry[] }>("GET", "/admin/audit?limit=100", { token: admin.token });
    expect(
      audit.body.entries.filter((entry) => entry.target._id === person.user._id).map((entry) => entry.action),
    ).toHaveLength(1);
    const mails = await waitForMailsTo(person.user.email, 1);
    expect(mails.some((mail) => /identity/i.test(mail.subject))).toBe(true);
  });

  it("a rejection says why, and the investor can try again", async () => {
    const person = await submitted();
    expect(await decide(admin.token, person.user._id, "reject")).toEqual({
      status: 400,
      body: { message: KYC_MESSAGES.reasonRequired },
    });
    const rejected = await decide(admin.token, person.user._id, "reject", "The ID photo is blurred");
    expect(rejected).toMatchObject({ status: 200, body: { message: KYC_MESSAGES.rejected } });
    expect((await me(person.token)).kyc).toEqual({ status: "rejected", reason: "The ID photo is blurred" });
    expect(await decide(secondAdmin.token, person.user._id, "verify")).toEqual({
      status: 409,
      body: { message: KYC_MESSAGES.alreadyDecided },
    });
    const again = await start(person.token, person.input);
    expect(again.status).toBe(201);
    expect((await me(person.token)).kyc.status).toBe("rejected");
  });
});

describe("one ID, one account", () => {
  it("refuses an ID number verified on another account (409), and shows who else tried it", async () => {
    const idNumber = newIdNumber();
    const first = await submitted(details({ idNumber }));
    const second = await submitted(details({ idNumber }));
    const detail = await api<{ submission: KycSubmissionDetail }>("GET", `/admin/kyc/${second.user._id}`, {
      token: admin.token,
    });
    expect(detail.body.submission.otherAccounts).toEqual([
      expect.objectContaining({ userId: first.user._id, status: "pending" }),
    ]);
    expect((await decide(admin.token, first.user._id, "verify")).status).toBe(200);
    expect(await decide(admin.token, second.user._id, "verify")).toEqual({
      status: 409,
      body: { message: KYC_MESSAGES.idTaken },
    });
    expect((await me(second.token)).kyc).toEqual({ status: "pending" });

    const third = await investor();
    expect(await start(third.token, details({ idNumber }))).toEqual({
      status: 409,
      body: { message: KYC_MESSAGES.idTaken },
    });
    expect(await readItem(keys.verification(third.user._id))).toBeUndefined();
  });

  it("lets the owner download what is kept: the details and links to the three files", async () => {
    const person = await submitted();
    const exported = await api<{ kyc: { idNumber: string; files: Record<string, string>; consentText: string } }>(
      "GET",
      "/kyc/export",
      { token: person.token },
    );
    expect(exported.status).toBe(200);
    expect(exported.body.kyc.idNumber).toBe(person.input.idNumber);
    expect(Object.keys(exported.body.kyc.files).sort()).toEqual(["idBack", "idFront", "selfie"]);
    const selfie = await fetch(exported.body.kyc.files.selfie as string);
    expect(selfie.status).toBe(200);
    expect(selfie.headers.get("content-disposition")).toContain("selfie.pdf");
    expect(await selfie.text()).toBe(FILES.pdf.bytes.toString());
  });
});
