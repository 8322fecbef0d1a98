/**
 * Daraja's synchronous error envelope `{ requestId, errorCode, errorMessage }` (mpesa.md §1.3) and the errors this
 * simulator answers with. Handlers throw a DarajaError; the server renders it, so every error path shares one shape.
 */
export class DarajaError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(`${errorCode} ${errorMessage}`);
    this.name = "DarajaError";
  }
}

export interface ErrorEnvelope {
  requestId: string;
  errorCode: string;
  errorMessage: string;
}

export function errorEnvelope(error: DarajaError, requestId: string): ErrorEnvelope {
  return { requestId, errorCode: error.errorCode, errorMessage: error.errorMessage };
}

/** The field-validation family: Daraja names the offending field in the message suffix. */
export const invalidField = (field: string) => new DarajaError(400, "400.002.02", `Bad Request - Invalid ${field}`);

export const invalidPayload = () => new DarajaError(400, "400.002.05", "Invalid Request Payload");

export const resourceNotFound = () => new DarajaError(404, "404.001.01", "Resource not found");

export const methodNotAllowed = () => new DarajaError(405, "405.001", "Method Not Allowed");

// OAuth (mpesa.md §1.2). Daraja documents no distinct code for a wrong key or secret; we answer it like a malformed
// Basic header, which is what a client has to treat it as anyway (check the credentials).
export const invalidAuthentication = () => new DarajaError(400, "400.008.01", "Invalid Authentication passed");
export const invalidGrantType = () => new DarajaError(400, "400.008.02", "Invalid grant type passed");

// Bearer checks differ by API family (mpesa.md §1.2): M-Pesa Express vs the initiator (B2C-style) APIs. The initiator
// message in the wild ends with the rejected token; we leave it out so a client that logs errors cannot leak tokens.
export const invalidStkAccessToken = () => new DarajaError(404, "404.001.03", "Invalid Access Token");
export const invalidInitiatorAccessToken = () =>
  new DarajaError(401, "401.002.01", "Error Occurred - Invalid Access Token - token not recognised");

// M-Pesa Express merchant validation and session errors all share 500.001.1001; only the message tells them apart.
export const wrongCredentials = () => new DarajaError(500, "500.001.1001", "[MerchantValidate] - Wrong credentials");
export const merchantDoesNotExist = () => new DarajaError(500, "500.001.1001", "Merchant does not exist");
export const subscriberLocked = () =>
  new DarajaError(
    500,
    "500.001.1001",
    "Unable to lock subscriber, a transaction is already in process for the current subscriber",
  );
export const transactionBeingProcessed = () =>
  new DarajaError(500, "500.001.1001", "The transaction is being processed");

export const duplicateOriginatorConversationId = () =>
  new DarajaError(500, "500.002.1001", "Duplicate OriginatorConversationID.");

// C2B (mpesa.md §9.A B.2): its own bearer error, the URL keyword filter, the one-time production registration and
// the v1/v2 API product check.
export const invalidC2bAccessToken = () => new DarajaError(400, "400.003.01", "Invalid Access Token");
export const urlHasWord = (field: string, word: string) =>
  new DarajaError(400, "400.003.02", `Bad Request - Invalid ${field} - URL has the word ${word.toUpperCase()}`);
export const urlsAlreadyRegistered = () => new DarajaError(500, "500.003.1001", "Urls are already registered.");
export const noApiProductMatch = () =>
  new DarajaError(
    401,
    "401.003.01",
    "Error Occurred - Invalid Access Token - Invalid API call as no apiproduct match found",
  );

// Pull Transactions documents its own short codes for these (mpesa.md §9.A B.7).
export const invalidPullAccessToken = () => new DarajaError(401, "401.001", "Invalid Access Token");
export const invalidPullShortCode = () => new DarajaError(400, "400.001", "Invalid ShortCode");
