import { investments } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";
import { presentPackage } from "../../http/presenters.js";

export const handler = httpHandler("list-packages", {}, async () => ({
  body: { packages: (await investments().listPackages()).map(presentPackage) },
}));
