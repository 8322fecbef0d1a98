import { twoFactorSetup } from "../../app.js";
import { httpHandler } from "../../lib/middleware.js";

export const handler = httpHandler("start-two-factor-setup", {}, async ({ caller }) => ({
  body: await twoFactorSetup().setup(caller),
}));
