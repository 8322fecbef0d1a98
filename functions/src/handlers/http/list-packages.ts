import { httpHandler } from "../../http/middleware.js";
import { presentPackage } from "../../http/presenters.js";
import { investments } from "../../modules/investing/index.js";

export const handler = httpHandler("list-packages", {}, async () => ({
  body: { packages: (await investments().listPackages()).map(presentPackage) },
}));
