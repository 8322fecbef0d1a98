import { investments } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";
import { presentPackage } from "../../lib/presenters.js";

export const handler = httpHandler("list-packages", {}, async () => ({
  body: { packages: (await investments().listPackages()).map(presentPackage) },
}));
