import { type Clock, nairobiDay } from "../../kernel/clock.js";
import type { IdGenerator } from "../../kernel/ids.js";
import type { Log } from "../../kernel/log.js";
import { type LedgerLine, MoveRefusedError } from "../../kernel/records.js";
import type { DueInvestment, MaturityRepository } from "./port.js";

export interface MaturityServiceDeps {
  maturities: MaturityRepository;
  clock: Clock;
  newId: IdGenerator;
  log: Log;
}

/** Investments read at a time, and how many of a page have their capital returned at once. */
const PAGE_SIZE = 100;
const AT_ONCE = 8;

export interface MaturityRun {
  /** Investments found due (an investment another run had just returned is counted here and in `alreadyMatured`). */
  due: number;
  /** Investments whose capital this run returned, and that capital in cents. */
  matured: number;
  capitalReturnedCents: number;
  alreadyMatured: number;
  errors: number;
  stoppedEarly: boolean;
}

/**
 * Capital comes back at maturity (design.md §13.6): on an investment's maturity day (Nairobi), its amount goes back to
 * the balance it was bought from (trial capital to the trial balance), once, in one transaction with its `capital`
 * ledger line, the statistics and the owner's SMS and email alert. An investment matures when its Nairobi maturity day
 * begins, so the job that runs every few minutes returns it soon after that midnight; a run that missed days catches
 * up, as the list holds every active investment until it matures. Daily rewards stop with it (investments.ts).
 */
export function createMaturityService({ maturities, clock, newId, log }: MaturityServiceDeps) {
  async function returnCapital({ investment, owner }: DueInvestment, run: MaturityRun) {
    if (!owner) {
      run.errors++;
      log("error", "A matured investment's owner was not found; its capital was not returned", {
        investmentId: investment.id,
        userId: investment.userId,
      });
      return;
    }
    const at = clock.now().toISOString();
    const lineId = newId();
    const line: LedgerLine = {
      id: lineId,
      userId: investment.userId,
      type: "capital",
      balance: investment.balance,
      amountCents: investment.amountCents,
      status: "completed",
      description: `Capital returned: ${investment.package.name}`,
      reference: `CAP-${investment.id}`,
      createdAt: at,
      requestId: lineId,
    };
    try {
      await maturities.mature({ investment, owner, line, maturedAt: at });
      run.matured++;
      run.capitalReturnedCents += investment.amountCents;
    } catch (error) {
      if (error instanceof MoveRefusedError && error.reason === "already-matured") {
        run.alreadyMatured++;
        return;
      }
      run.errors++;
      log("error", "A matured investment's capital could not be returned; the next run tries again", {
        investmentId: investment.id,
        userId: investment.userId,
        error,
      });
    }
  }

  return {
    /**
     * Returns the capital of every investment whose maturity day has come, page by page, until none is left or
     * `timeLeftMs` runs out (the next run goes on from what is still listed).
     */
    async returnMaturedCapital({ timeLeftMs }: { timeLeftMs: () => number }): Promise<MaturityRun> {
      const run: MaturityRun = {
        due: 0,
        matured: 0,
        capitalReturnedCents: 0,
        alreadyMatured: 0,
        errors: 0,
        stoppedEarly: false,
      };
      const today = nairobiDay(clock.now());
      for await (const page of maturities.due(today, PAGE_SIZE)) {
        run.due += page.length;
        for (let start = 0; start < page.length; start += AT_ONCE) {
          if (timeLeftMs() <= 0) {
            run.stoppedEarly = true;
            return run;
          }
          await Promise.all(page.slice(start, start + AT_ONCE).map((due) => returnCapital(due, run)));
        }
      }
      return run;
    },
  };
}

export type MaturityService = ReturnType<typeof createMaturityService>;
