/**
 * Package terms (design.md §13.1): new packages and changes of a package's money terms under four eyes. What the
 * rest of the server may use of this module.
 */
export { createDynamoPackageChangeRepository } from "./dynamo/package-change-repository.js";
export { packageChanges } from "./module.js";
export type { PackageChangeRecord, PackageChangeRepository } from "./port.js";
export { presentPackageChange } from "./presenter.js";
export {
  type AppliedPackageUpdate,
  changeStatus,
  createPackageChangeService,
  type DecidedPackageChange,
  PACKAGE_MESSAGES,
  type PackageChangeService,
  type PendingPackageChange,
} from "./service.js";
export { packageDetails } from "./terms.js";
