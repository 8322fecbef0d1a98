import { httpHandler } from "../../http/middleware.js";
import { twoFactorSetup } from "../../modules/identity/index.js";

export const handler = httpHandler("start-two-factor-setup", {}, async ({ caller }) => ({
  body: await twoFactorSetup().setup(caller),
}));
