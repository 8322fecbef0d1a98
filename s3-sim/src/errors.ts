/**
 * S3's errors as S3 answers them: a status and an XML body `<Error><Code>…</Code><Message>…</Message>…</Error>`, with
 * the extra elements some codes carry (ProposedSize, MaxSizeAllowed, StringToSign…). The SDK reads `Code`.
 */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Extra elements of the error body, in order. */
    readonly details: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

export const accessDenied = (message = "Access Denied") => new S3Error(403, "AccessDenied", message);

export const signatureDoesNotMatch = (details: Record<string, string> = {}) =>
  new S3Error(
    403,
    "SignatureDoesNotMatch",
    "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    details,
  );

export const notImplemented = (what: string) =>
  new S3Error(
    501,
    "NotImplemented",
    `A header or query you provided implies functionality that is not implemented (${what}).`,
  );

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ENTITIES[char] as string);
}

/** `<Name>value</Name>` for each entry, escaped. */
export function xmlElements(values: Record<string, string | number>): string {
  return Object.entries(values)
    .map(([name, value]) => `<${name}>${escapeXml(String(value))}</${name}>`)
    .join("");
}

export function errorXml(error: S3Error, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${xmlElements({
    Code: error.code,
    Message: error.message,
    ...error.details,
    RequestId: requestId,
    HostId: requestId,
  })}</Error>`;
}
