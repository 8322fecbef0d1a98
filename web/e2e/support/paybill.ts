/**
 * Paybill (C2B) payments on the Daraja simulator (design.md §12.3): registering the API's hook URLs for the business
 * number, and a customer paying from the M-PESA menu, stood in for by the sandbox's simulate call. Both are Daraja
 * calls, so both go with an OAuth token, as the API's own Daraja client does.
 */

import { paybillUrls } from "../../../scripts/mpesa.js";

/** The consumer key and secret the local stack gives the API's Daraja client (scripts/local-stack.ts). */
const consumer = { key: "local-consumer-key", secret: "local-consumer-secret" };

async function darajaToken(simUrl: string): Promise<string> {
  const basic = Buffer.from(`${consumer.key}:${consumer.secret}`).toString("base64");
  const response = await fetch(`${simUrl}/oauth/v1/generate?grant_type=client_credentials`, {
    headers: { authorization: `Basic ${basic}` },
  });
  if (!response.ok) throw new Error(`the simulator refused OAuth: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function darajaPost(simUrl: string, path: string, body: object): Promise<Record<string, unknown>> {
  const response = await fetch(`${simUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await darajaToken(simUrl)}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** The confirmation URL registered with the simulator for `shortCode`, if any (its inspection API). */
export async function registeredConfirmationUrl(simUrl: string, shortCode: string): Promise<string | undefined> {
  const response = await fetch(`${simUrl}/__sim/transactions`);
  const { c2bUrls } = (await response.json()) as { c2bUrls: { shortCode: string; confirmationUrl: string }[] };
  return c2bUrls.find((registration) => registration.shortCode === shortCode)?.confirmationUrl;
}

/**
 * Registers the API's validation and confirmation hooks for `shortCode`, with `ResponseType: "Completed"` as the
 * API's own registration does (design.md §12.3). The simulator's sandbox overwrites a registration, so this may run
 * again whatever registered before.
 */
export async function registerPaybillUrls(
  simUrl: string,
  { apiUrl, callbackToken, shortCode }: { apiUrl: string; callbackToken: string; shortCode: string },
): Promise<void> {
  if (!callbackToken) throw new Error("The e2e stack gave no callback token (global-setup's mpesaCallbackToken)");
  // The simulator posts to the API from this machine: the allow-list's address, as for the STK callbacks.
  // Each URL with its own kind's token (design.md §13.3), as `npm run mpesa -- register-urls` builds them.
  const urls = paybillUrls(apiUrl.replace("//localhost:", "//127.0.0.1:"), callbackToken);
  await darajaPost(simUrl, "/mpesa/c2b/v1/registerurl", {
    ShortCode: shortCode,
    ResponseType: "Completed",
    ConfirmationURL: urls.confirmationUrl,
    ValidationURL: urls.validationUrl,
  });
}

/** A customer paying `amount` to the Paybill from `msisdn` (254… form) with the account number they typed. */
export async function payByPaybill(
  simUrl: string,
  payment: { shortCode: string; amount: number; msisdn: string; billRefNumber: string },
): Promise<void> {
  await darajaPost(simUrl, "/mpesa/c2b/v1/simulate", {
    ShortCode: payment.shortCode,
    CommandID: "CustomerPayBillOnline",
    Amount: payment.amount,
    Msisdn: payment.msisdn,
    BillRefNumber: payment.billRefNumber,
  });
}
