/** The investing module: what the rest of the server may use. */
export { createDynamoInvestorRepository } from "./dynamo/investor-repository.js";
export { createDynamoPackageRepository, packageCreateItems, packageUpdateItems } from "./dynamo/package-repository.js";
export { createInvestmentService, withBalanceChange } from "./investments.js";
export { investments, investorRepo } from "./module.js";
export type { InvestorRepository, PackageRepository } from "./port.js";
