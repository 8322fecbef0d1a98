import { systemClock } from "../../kernel/clock.js";
import { once } from "../../kernel/compose.js";
import { config, loadSecret } from "../../kernel/config.js";
import { callbackPathToken } from "./callback-tokens.js";
import { assertCallbackUrl, createDarajaClient } from "./client.js";
import { createDynamoTokenCache } from "./token-cache.js";

/** The Daraja client every M-Pesa call goes through, built once per container from the configuration and its secrets. */
export const daraja = /* @__PURE__ */ once(() => {
  const env = config();
  return createDarajaClient(
    {
      baseUrl: env.MPESA_BASE_URL,
      shortcode: env.MPESA_SHORTCODE,
      transactionType: env.MPESA_TRANSACTION_TYPE,
      b2cShortcode: env.MPESA_B2C_SHORTCODE,
      initiatorName: env.MPESA_INITIATOR_NAME,
      callbackUrl: async (kind) => {
        if (!env.MPESA_CALLBACK_BASE_URL) throw new Error("Invalid configuration: set MPESA_CALLBACK_BASE_URL");
        return assertCallbackUrl(
          `${env.MPESA_CALLBACK_BASE_URL}/hooks/daraja/${kind}/${callbackPathToken(await loadSecret("MPESA_CALLBACK_TOKEN"), kind)}`,
        );
      },
      secrets: {
        consumerKey: () => loadSecret("MPESA_CONSUMER_KEY"),
        consumerSecret: () => loadSecret("MPESA_CONSUMER_SECRET"),
        passkey: () => loadSecret("MPESA_PASSKEY"),
        securityCredential: () => loadSecret("MPESA_SECURITY_CREDENTIAL"),
      },
    },
    createDynamoTokenCache(),
    systemClock,
  );
});
