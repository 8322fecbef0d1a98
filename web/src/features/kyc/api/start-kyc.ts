import type { KycStartInput, KycUploads, KycView } from "@jengafund/shared";
import { apiCall } from "../../../lib/api-call";

/**
 * Keeps the details and hands out one presigned upload form per document, each fixed to the content type named in
 * `uploadTypes`. Sent again before submit, it keeps the same attempt (files already uploaded stay) with fresh forms.
 */
export function startKyc(input: KycStartInput): Promise<{ kyc: KycView; uploads: KycUploads }> {
  return apiCall("start-kyc", { body: input });
}
