/** The investing module: what the rest of the server may use. */
export { createDynamoInvestorRepository } from "./dynamo/investor-repository.js";
export { createDynamoMaturityRepository } from "./dynamo/maturity-repository.js";
export { createDynamoPackageRepository, packageCreateItems, packageUpdateItems } from "./dynamo/package-repository.js";
export { createInvestmentService, withBalanceChange } from "./investments.js";
export { createMaturityService } from "./maturities.js";
export { investments, investorRepo, maturities } from "./module.js";
export type { InvestorRepository, MaturityRepository, PackageRepository } from "./port.js";
