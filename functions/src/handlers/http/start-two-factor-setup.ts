import { twoFactorSetup } from "../../app.js";
import { httpHandler } from "../../http/middleware.js";

export const handler = httpHandler("start-two-factor-setup", {}, async ({ caller }) => ({
  body: await twoFactorSetup().setup(caller),
}));
