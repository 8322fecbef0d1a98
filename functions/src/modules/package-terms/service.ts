/**
 * A package's money terms are a money action (design.md §13.1). Creating a package, or changing an existing one's
 * price, rates or maturity, is kept as a package change that a different admin approves (or rejects) within 72
 * hours; investors see nothing of it until then. Words (name, company, description, image, category, risk) change
 * at once. The approval applies the change in one transaction with its status and its audit entry, so two
 * approvals race to one winner.
 */
import {
  changesMoneyTerms,
  type DecidePackageChangeInput,
  PACKAGE_CHANGE_EXPIRY_HOURS,
  PACKAGE_CHANGE_MESSAGES,
  type PackageChangeStatus,
  type PackageInput,
} from "@jengafund/shared";
import type { Clock } from "../../kernel/clock.js";
import { NotFoundError, NotPendingError } from "../../kernel/errors.js";
import type { IdGenerator } from "../../kernel/ids.js";
import { MoveRefusedError, type PackageRecord } from "../../kernel/records.js";
import {
  type AdminRequest,
  adjustmentPerson,
  createAuditor,
  decidable,
  decisionOn,
  notPending,
  pendingReadsAs,
} from "../four-eyes/index.js";
import type { PackageRepository } from "../investing/index.js";
import type { PackageChangeRecord, PackageChangeRepository } from "./port.js";
import { changed, packageDetails, packageFields, packageInput } from "./terms.js";

export const PACKAGE_MESSAGES = { packageNotFound: "Package not found" } as const;

export interface PackageChangeServiceDeps {
  changes: PackageChangeRepository;
  packages: Pick<PackageRepository, "update">;
  clock: Clock;
  newId: IdGenerator;
}

/** Applied at once: only the package's words changed. */
export interface AppliedPackageUpdate {
  outcome: "applied";
  package: PackageRecord;
}

/** Kept for a second admin; investors see nothing of it yet. */
export interface PendingPackageChange {
  outcome: "pending";
  change: PackageChangeRecord;
}

/** A decided change, and the package as investors now see it (null: a new package that was not approved). */
export interface DecidedPackageChange {
  change: PackageChangeRecord;
  package: PackageRecord | null;
}

/** What a stored change reads as now: a pending one past its deadline has expired. */
export const changeStatus = (change: PackageChangeRecord, now: Date): PackageChangeStatus =>
  pendingReadsAs(change, now);

export function createPackageChangeService({ changes, packages, clock, newId }: PackageChangeServiceDeps) {
  const audit = createAuditor({ newId, clock });

  async function request(
    input: {
      kind: PackageChangeRecord["kind"];
      packageId: string;
      before?: PackageRecord;
      fields: PackageInput;
    } & AdminRequest<PendingPackageChange>,
  ): Promise<PendingPackageChange> {
    const now = clock.now();
    const fields = packageFields(input.fields);
    const change: PackageChangeRecord = {
      id: newId(),
      packageId: input.packageId,
      kind: input.kind,
      status: "pending",
      requestedBy: adjustmentPerson(input.actor.user),
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + PACKAGE_CHANGE_EXPIRY_HOURS * 3_600_000).toISOString(),
      fields,
      ...(input.before ? { before: withoutIdentity(input.before) } : {}),
      requestId: input.requestId,
    };
    const pending: PendingPackageChange = { outcome: "pending", change };
    const details = input.before
      ? changed(packageDetails(input.before), packageDetails(fields))
      : { after: packageDetails(fields) };
    await changes.request(
      change,
      audit(
        input.actor,
        "package.change.requested",
        { type: "package", id: change.packageId, label: fields.name },
        { ...details, after: { ...details.after, changeId: change.id, kind: change.kind, status: "pending" } },
      ),
      input.keep?.(pending),
    );
    return pending;
  }

  return {
    /** A new package: kept for a second admin; not listed nor buyable until approved. */
    create: (input: { fields: PackageInput } & AdminRequest<PendingPackageChange>): Promise<PendingPackageChange> =>
      request({ ...input, kind: "create", packageId: newId() }),

    /**
     * An existing package's new fields: words alone change at once (200); a change of any money term waits whole
     * for a second admin (202), and the package keeps its old terms until then.
     */
    async update(
      input: {
        pkg: PackageRecord | null | undefined;
        fields: PackageInput;
      } & AdminRequest<AppliedPackageUpdate | PendingPackageChange>,
    ): Promise<AppliedPackageUpdate | PendingPackageChange> {
      const { pkg, actor } = input;
      if (!pkg) throw new NotFoundError(PACKAGE_MESSAGES.packageNotFound);
      if (changesMoneyTerms(packageInput(pkg), input.fields)) {
        return request({
          kind: "update",
          packageId: pkg.id,
          before: pkg,
          fields: input.fields,
          actor,
          requestId: input.requestId,
          ...(input.keep ? { keep: input.keep } : {}),
        });
      }
      const fields = packageFields(input.fields);
      const entry = audit(
        actor,
        "package.update",
        { type: "package", id: pkg.id, label: fields.name },
        changed(packageDetails(pkg), packageDetails(fields)),
      );
      const updated = await packages.update(pkg, fields, entry);
      if (!updated) throw new NotFoundError(PACKAGE_MESSAGES.packageNotFound);
      return { outcome: "applied", package: updated };
    },

    /** Newest first; `expired` covers pending ones past their time, `pending` leaves them out. */
    async list(status?: PackageChangeStatus): Promise<PackageChangeRecord[]> {
      const now = clock.now();
      const all = await changes.list();
      return status ? all.filter((change) => changeStatus(change, now) === status) : all;
    },

    /**
     * A second admin's decision. Not by the admin who asked (403); not once decided or expired (409). Approving
     * applies the change to the package; rejecting changes nothing.
     */
    async decide(
      input: { id: string; decision: DecidePackageChangeInput } & AdminRequest<DecidedPackageChange>,
    ): Promise<DecidedPackageChange> {
      const { decision, actor } = input;
      const change = decidable(await changes.get(input.id), actor, PACKAGE_CHANGE_MESSAGES);
      const refuseUndecidable = (stored: PackageChangeRecord | null): DecidedPackageChange => {
        throw notPending(stored, clock.now(), PACKAGE_CHANGE_MESSAGES);
      };
      if (changeStatus(change, clock.now()) !== "pending") {
        // A retry of this very decision, whose first answer was lost, finds it made.
        if (change.decisionId === input.requestId) return { change, package: null };
        return refuseUndecidable(change);
      }

      const at = clock.now().toISOString();
      const approving = decision.decision === "approve";
      const { made, decided, requestedBy } = decisionOn(change, approving ? "approved" : "rejected", {
        actor,
        reason: decision.reason,
        at,
        requestId: input.requestId,
      });
      // A new package is created now; an update writes its fields alone (the package keeps its creation time).
      const pkg: PackageRecord = { ...change.fields, id: change.packageId, createdAt: at };
      const target = { type: "package" as const, id: change.packageId, label: change.fields.name };
      const details: { before?: Record<string, unknown>; after: Record<string, unknown> } = change.before
        ? changed(packageDetails(change.before), packageDetails(change.fields))
        : { after: packageDetails(change.fields) };

      try {
        if (!approving) {
          const result = { change: decided, package: null };
          await changes.reject(
            change,
            made,
            audit(actor, "package.change.rejected", target, {
              before: { status: "pending", changeId: change.id, kind: change.kind },
              after: { status: "rejected" },
              reason: decision.reason ?? "",
              requestedBy,
            }),
            input.keep?.(result),
          );
          return result;
        }
        const result = { change: decided, package: pkg };
        await changes.approve(
          change,
          pkg,
          made,
          audit(actor, "package.change.approved", target, {
            before: { ...details.before, status: "pending", changeId: change.id, kind: change.kind },
            after: { ...details.after, status: "approved" },
            ...(decision.reason ? { reason: decision.reason } : {}),
            requestedBy,
          }),
          input.keep?.(result),
        );
        return result;
      } catch (error) {
        if (!(error instanceof MoveRefusedError)) throw error;
        if (error.reason === "package-missing") throw new NotPendingError(PACKAGE_CHANGE_MESSAGES.packageGone);
        const stored = await changes.get(change.id);
        if (stored?.decisionId === input.requestId) return { change: stored, package: null };
        return refuseUndecidable(stored);
      }
    },
  };
}

/** A package's fields without its identity (what a change keeps of the package it changes). */
function withoutIdentity({ id: _id, createdAt: _createdAt, ...fields }: PackageRecord) {
  return fields;
}

export type PackageChangeService = ReturnType<typeof createPackageChangeService>;
