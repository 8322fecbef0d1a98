/** The package-terms module's services, each built once per container on first use from the real adapters (pure: a bundle keeps only what its handler calls). */
import { systemClock } from "../../kernel/clock.js";
import { newId, once } from "../../kernel/compose.js";
import { createDynamoPackageRepository } from "../investing/index.js";
import { createDynamoPackageChangeRepository } from "./dynamo/package-change-repository.js";
import { createPackageChangeService } from "./service.js";

/** New packages and changes of a package's money terms, under four eyes (design.md §13.1). */
export const packageChanges = /* @__PURE__ */ once(() =>
  createPackageChangeService({
    changes: createDynamoPackageChangeRepository(),
    packages: createDynamoPackageRepository(),
    clock: systemClock,
    newId,
  }),
);
