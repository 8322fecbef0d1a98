/**
 * Know your customer (design.md §13.5): the account keeps its ID details, sends three images straight to the document
 * store, submits, and an admin other than the owner verifies or rejects. One ID number verifies one account.
 */
import { createHash } from "node:crypto";
import {
  isAdultOn,
  KYC_CONSENT_TEXT,
  KYC_DOCUMENTS,
  KYC_MESSAGES,
  KYC_UPLOAD_EXPIRY_SECONDS,
  KYC_UPLOAD_MAX_BYTES,
  KYC_UPLOAD_TYPES,
  KYC_VIEW_EXPIRY_SECONDS,
  type KycDocument,
  type KycStart,
  type KycSubmissionStatus,
  type KycUploads,
  type KycUploadType,
  nairobiDay,
} from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import type { DocumentStore } from "../../kernel/documents-port.js";
import {
  AlreadyExistsError,
  InvalidInputError,
  NotFoundError,
  NotPendingError,
  NotPermittedError,
  RuleViolationError,
} from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import { MoveRefusedError, type UserReader, type UserRecord } from "../../kernel/records.js";
import { type Actor, createAuditor } from "../four-eyes/index.js";
import type { VerificationRecord, VerificationRepository } from "./port.js";

export interface VerificationServiceDeps {
  verifications: VerificationRepository;
  /** Only the routes that presign or check documents have one (the others' bundles carry no S3 client). */
  documents?: DocumentStore;
  users: UserReader;
  clock: Clock;
  newId: IdGenerator;
}

/** At most this many submissions in one list (pending ones are few; decided ones are looked up by the newest). */
export const VERIFICATION_LIST_LIMIT = 200;

/** The ID's own items are keyed by a hash of its type and number, never the number itself. */
export const idHashOf = (idType: string, idNumber: string) =>
  createHash("sha256").update(`${idType}:${idNumber}`).digest("hex");

/** Where a document of an attempt lives in the store. */
export const documentKey = (record: Pick<VerificationRecord, "userId" | "attemptId">, document: KycDocument) =>
  `kyc/${record.userId}/${record.attemptId}/${document}`;

const FILE_EXTENSIONS: Record<KycUploadType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** The state the user item carries for the account's limits and GET /auth/me. */
export const kycStateOf = (record: VerificationRecord) =>
  record.status === "rejected"
    ? { status: "rejected" as const, ...(record.reason ? { reason: record.reason } : {}) }
    : record.status === "uploading"
      ? undefined
      : { status: record.status };

export function createVerificationService(deps: VerificationServiceDeps) {
  const { verifications, users, clock, newId } = deps;
  const audit = createAuditor({ newId, clock });

  function store(): DocumentStore {
    if (!deps.documents) throw new Error("This route has no document store");
    return deps.documents;
  }

  /** Links to an attempt's documents, valid five minutes, named for the download. */
  async function viewLinks(record: VerificationRecord, documents: readonly KycDocument[] = KYC_DOCUMENTS) {
    const links: Partial<Record<KycDocument, string>> = {};
    for (const document of documents) {
      links[document] = await store().presignView(documentKey(record, document), {
        expiresSeconds: KYC_VIEW_EXPIRY_SECONDS,
        fileName: `${document}.${FILE_EXTENSIONS[record.uploadTypes[document]]}`,
      });
    }
    return links;
  }

  async function uploadedDocuments(record: VerificationRecord): Promise<KycDocument[]> {
    const found = await Promise.all(
      KYC_DOCUMENTS.map(async (document) =>
        (await store().describe(documentKey(record, document))) ? document : null,
      ),
    );
    return found.filter((document): document is KycDocument => document !== null);
  }

  async function pendingOf(userId: string) {
    const record = await verifications.get(userId);
    if (!record || record.status === "uploading") throw new NotFoundError(KYC_MESSAGES.notFound);
    return record;
  }

  return {
    get: (userId: string) => verifications.get(userId),

    /**
     * Keeps the details (a new attempt, or the open one again with fresh forms) and answers one presigned POST per
     * document, its content type fixed to the file the user chose.
     */
    async start(user: UserRecord, input: Omit<KycStart, "consent">) {
      const now = clock.now();
      const current = await verifications.get(user.id);
      if (current?.status === "verified") throw new RuleViolationError(KYC_MESSAGES.alreadyVerified);
      if (current?.status === "pending") throw new RuleViolationError(KYC_MESSAGES.alreadyPending);
      if (!isAdultOn(input.dateOfBirth, nairobiDay(now))) throw new InvalidInputError(KYC_MESSAGES.tooYoung);
      const idHash = idHashOf(input.idType, input.idNumber);
      const holder = await verifications.claimOf(idHash);
      if (holder && holder !== user.id) throw new AlreadyExistsError(KYC_MESSAGES.idTaken);

      const open = current?.status === "uploading" ? current : undefined;
      const record: VerificationRecord = {
        userId: user.id,
        status: "uploading",
        attemptId: open?.attemptId ?? newId(),
        idType: input.idType,
        idNumber: input.idNumber,
        idHash,
        kraPin: input.kraPin,
        dateOfBirth: input.dateOfBirth,
        consentText: KYC_CONSENT_TEXT,
        consentedAt: now.toISOString(),
        uploadTypes: Object.fromEntries(
          KYC_DOCUMENTS.map((document) => [document, input.uploadTypes?.[document] ?? "image/jpeg"]),
        ) as Record<KycDocument, KycUploadType>,
        startedAt: open?.startedAt ?? now.toISOString(),
        attempts: open ? open.attempts : (current?.attempts ?? 0) + 1,
      };
      try {
        await verifications.start(record, current ? { status: current.status, attemptId: current.attemptId } : {});
      } catch (error) {
        if (error instanceof MoveRefusedError && error.reason === "id-taken") {
          throw new AlreadyExistsError(KYC_MESSAGES.idTaken);
        }
        if (error instanceof MoveRefusedError && error.reason === "kyc-changed") {
          throw new NotPendingError(KYC_MESSAGES.alreadyPending);
        }
        throw error;
      }
      const uploads = {} as KycUploads;
      for (const document of KYC_DOCUMENTS) {
        uploads[document] = await store().presignUpload({
          key: documentKey(record, document),
          contentType: record.uploadTypes[document],
          maxBytes: KYC_UPLOAD_MAX_BYTES,
          expiresSeconds: KYC_UPLOAD_EXPIRY_SECONDS,
        });
      }
      return { record, uploads, uploaded: open ? await uploadedDocuments(record) : [] };
    },

    /** The open attempt goes to review once its three documents are in the store, each of an allowed type and size. */
    async submit(user: UserRecord) {
      const record = await verifications.get(user.id);
      if (!record) throw new RuleViolationError(KYC_MESSAGES.notStarted);
      if (record.status === "pending") throw new RuleViolationError(KYC_MESSAGES.alreadyPending);
      if (record.status === "verified") throw new RuleViolationError(KYC_MESSAGES.alreadyVerified);
      if (record.status === "rejected") throw new RuleViolationError(KYC_MESSAGES.notStarted);
      for (const document of KYC_DOCUMENTS) {
        const stored = await store().describe(documentKey(record, document));
        const allowed =
          stored &&
          stored.sizeBytes > 0 &&
          stored.sizeBytes <= KYC_UPLOAD_MAX_BYTES &&
          (KYC_UPLOAD_TYPES as readonly string[]).includes(stored.contentType);
        if (!allowed) throw new InvalidInputError(KYC_MESSAGES.missingDocument(document));
      }
      const submitted: VerificationRecord = { ...record, status: "pending", submittedAt: clock.now().toISOString() };
      try {
        await verifications.submit(submitted, user);
      } catch (error) {
        if (error instanceof MoveRefusedError && error.reason === "kyc-changed") {
          throw new NotPendingError(KYC_MESSAGES.alreadyPending);
        }
        throw error;
      }
      return submitted;
    },

    /** What the account can download about its verification: the details in full and links to its files. */
    async exportOf(user: UserRecord) {
      const record = await verifications.get(user.id);
      if (!record) throw new NotFoundError(KYC_MESSAGES.notFound);
      const present = record.status === "uploading" ? await uploadedDocuments(record) : KYC_DOCUMENTS;
      return { record, files: await viewLinks(record, present), filesExpireAt: linksExpireAt(clock) };
    },

    /** Oldest submission first, each with its account; and how many wait for a decision. */
    async list(status: KycSubmissionStatus) {
      const [records, pendingCount] = await Promise.all([
        verifications.list(status, VERIFICATION_LIST_LIMIT),
        verifications.countPending(),
      ]);
      const accounts = await Promise.all(records.map((record) => users.getUser(record.userId)));
      return {
        submissions: records.flatMap((record, index) => {
          const account = accounts[index];
          return account ? [{ record, account }] : [];
        }),
        pendingCount,
      };
    },

    /** The review screen: the submission, its account, its images (5 minutes), and who else tried the ID. */
    async detail(userId: string) {
      const record = await pendingOf(userId);
      const account = await users.getUser(userId);
      if (!account) throw new NotFoundError(KYC_MESSAGES.notFound);
      const tries = (await verifications.tries(record.idHash)).filter((tried) => tried.userId !== userId);
      const others = await Promise.all(
        tries.map(async ({ userId: otherId }) => ({
          account: await users.getUser(otherId),
          verification: await verifications.get(otherId),
        })),
      );
      return {
        record,
        account,
        images: (await viewLinks(record)) as Record<KycDocument, string>,
        imagesExpireAt: linksExpireAt(clock),
        others: others.flatMap(({ account: other, verification }) =>
          other ? [{ account: other, status: verification ? kycStatusOf(verification) : ("none" as const) }] : [],
        ),
      };
    },

    /**
     * Verifies or rejects a pending submission, once: the owner never decides their own, a verification takes the ID
     * number for this account alone, and the decision, the account's state, the audit entry and the owner's notice
     * are one transaction.
     */
    async decide(input: { userId: string; decision: "verify" | "reject"; reason?: string; actor: Actor }) {
      const { userId, decision, actor } = input;
      if (actor.user.id === userId) throw new NotPermittedError(KYC_MESSAGES.ownSubmission);
      const record = await pendingOf(userId);
      if (record.status !== "pending") throw new NotPendingError(KYC_MESSAGES.alreadyDecided);
      const account = await users.getUser(userId);
      if (!account) throw new NotFoundError(KYC_MESSAGES.notFound);
      if (decision === "verify") {
        const holder = await verifications.claimOf(record.idHash);
        if (holder && holder !== userId) throw new AlreadyExistsError(KYC_MESSAGES.idTaken);
      }
      const { id, firstName, lastName } = actor.user;
      const decided: VerificationRecord = {
        ...record,
        status: decision === "verify" ? "verified" : "rejected",
        decidedAt: clock.now().toISOString(),
        decidedBy: { id, firstName, lastName },
        ...(decision === "reject" && input.reason ? { reason: input.reason } : {}),
      };
      const entry = audit(
        actor,
        decision === "verify" ? "kyc.verify" : "kyc.reject",
        { type: "user", id: userId, label: `${account.firstName} ${account.lastName}` },
        {
          before: { kyc: "pending" },
          after: { kyc: decided.status },
          ...(decided.reason ? { reason: decided.reason } : {}),
        },
      );
      try {
        await verifications.decide(decided, entry);
      } catch (error) {
        if (error instanceof MoveRefusedError && error.reason === "id-taken") {
          throw new AlreadyExistsError(KYC_MESSAGES.idTaken);
        }
        if (error instanceof MoveRefusedError && error.reason === "kyc-changed") {
          throw new NotPendingError(KYC_MESSAGES.alreadyDecided);
        }
        throw error;
      }
      return { record: decided, account };
    },
  };
}

/** The status an account shows for a verification record. */
export const kycStatusOf = (record: VerificationRecord) => (record.status === "uploading" ? "none" : record.status);

const linksExpireAt = (clock: Clock) => new Date(clock.now().getTime() + KYC_VIEW_EXPIRY_SECONDS * 1000).toISOString();

export type VerificationService = ReturnType<typeof createVerificationService>;
