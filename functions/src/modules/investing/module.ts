/** The investing module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { log } from "../../kernel/log.js";
import { metrics } from "../../kernel/metrics.js";
import { accountRepo } from "../identity/index.js";
import { createDynamoInvestorRepository } from "./dynamo/investor-repository.js";
import { createDynamoMaturityRepository } from "./dynamo/maturity-repository.js";
import { createInvestmentService } from "./investments.js";
import { createMaturityService } from "./maturities.js";

export const investorRepo = /* @__PURE__ */ once(createDynamoInvestorRepository);

export const investments = /* @__PURE__ */ once(() =>
  createInvestmentService({ investor: investorRepo(), accounts: accountRepo(), clock: systemClock, newId, metrics }),
);

/** Capital back at maturity (design.md §13.6): the scheduled job's service. */
export const maturities = /* @__PURE__ */ once(() =>
  createMaturityService({ maturities: createDynamoMaturityRepository(), clock: systemClock, newId, log }),
);
