import { ADMIN_MESSAGES, type BalanceAdjustmentInput, centsToKes, formatKes, kesToCents } from "@jengafund/shared";
import type { Clock } from "../lib/clock.js";
import { BadRequestError, NotFoundError } from "../lib/errors.js";
import type { IdGenerator } from "../lib/ids.js";
import {
  AdminAccountError,
  type AdminRepository,
  type LedgerLine,
  MoveRefusedError,
  type UserRecord,
} from "../repositories/ports.js";
import { withBalanceChange } from "./investments.js";

export interface AdminServiceDeps {
  admin: AdminRepository;
  clock: Clock;
  newId: IdGenerator;
}

export function createAdminService({ admin, clock, newId }: AdminServiceDeps) {
  return {
    /** A credit or debit of the subject's wallet, written as an `adjustment` ledger line with the admin's reason. */
    async adjustBalance(input: {
      subject: UserRecord | null | undefined;
      adjustment: BalanceAdjustmentInput;
      requestId: string;
    }): Promise<{ user: UserRecord; line: LedgerLine }> {
      const { subject, adjustment } = input;
      if (!subject) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
      const cents = kesToCents(adjustment.amount);
      const signed = adjustment.type === "credit" ? cents : -cents;
      if (subject.walletBalanceCents + signed < 0) {
        throw new BadRequestError(ADMIN_MESSAGES.debitBelowZero(formatKes(centsToKes(subject.walletBalanceCents))));
      }
      const id = newId();
      const line = {
        id,
        userId: subject.id,
        type: "adjustment" as const,
        balance: "wallet" as const,
        amountCents: signed,
        status: "completed" as const,
        description: `Balance ${adjustment.type === "credit" ? "credited" : "debited"} by admin: ${adjustment.reason}`,
        reference: `ADJ-${id.slice(-10)}`,
        createdAt: clock.now().toISOString(),
        requestId: input.requestId,
      };
      try {
        await admin.adjustBalance({ subject, line });
      } catch (error) {
        if (error instanceof MoveRefusedError) {
          throw new BadRequestError(ADMIN_MESSAGES.debitBelowZero("the current balance"));
        }
        throw error;
      }
      return { user: withBalanceChange(subject, "wallet", signed), line };
    },

    async setActive(input: { subject: UserRecord | null | undefined; isActive: boolean }): Promise<UserRecord> {
      if (!input.subject) throw new NotFoundError(ADMIN_MESSAGES.userNotFound);
      if (input.subject.role === "admin") throw new BadRequestError(ADMIN_MESSAGES.adminNotToggleable);
      try {
        return await admin.setActive(input.subject.id, input.isActive);
      } catch (error) {
        if (error instanceof AdminAccountError) throw new BadRequestError(ADMIN_MESSAGES.adminNotToggleable);
        throw error;
      }
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
