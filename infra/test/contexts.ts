/** Context the template tests share. */

/** Skips esbuild so the suites run in seconds; `npm run synth` is what proves the real bundles build. */
export const skipBundling = { "aws:cdk:bundling-stacks": [] };

/** The go-live values a prod synth needs (README, "Deploying to AWS"). */
export const PROD_CONTEXT = {
  stage: "prod",
  mpesaBaseUrl: "https://api.safaricom.co.ke",
  mpesaShortcode: "123456",
  mpesaB2cShortcode: "654321",
  mpesaPaybillShortcode: "567890",
  mpesaInitiatorName: "jengafund",
  mpesaCallbackBaseUrl: "https://pay.example.co.ke/api",
  alarmEmail: "ops@example.co.ke",
  sesSender: "no-reply@example.co.ke",
  webOrigin: "https://pay.example.co.ke",
  apiDomainName: "origin.example.co.ke",
  apiCertificateArn: "arn:aws:acm:af-south-1:111122223333:certificate/api",
  smsBaseUrl: "https://api.africastalking.com",
  smsUsername: "jengafund",
  smsSenderId: "JENGAFUND",
} as const;
