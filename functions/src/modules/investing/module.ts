/** The investing module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { metrics } from "../../kernel/metrics.js";
import { accountRepo } from "../identity/index.js";
import { createDynamoInvestorRepository } from "./dynamo/investor-repository.js";
import { createInvestmentService } from "./investments.js";

export const investorRepo = /* @__PURE__ */ once(createDynamoInvestorRepository);

export const investments = /* @__PURE__ */ once(() =>
  createInvestmentService({ investor: investorRepo(), accounts: accountRepo(), clock: systemClock, newId, metrics }),
);
