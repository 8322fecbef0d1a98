import {
  KYC_DOCUMENTS,
  KYC_UPLOAD_EXPIRY_SECONDS,
  KYC_UPLOAD_MAX_BYTES,
  KYC_UPLOAD_TYPES,
  type KycDocument,
  type KycUploads,
  type KycUploadType,
  type PresignedUpload,
} from "@jengafund/shared";

/** What the pickers ask the phone for: any image (the camera's) or a PDF; the check below narrows it. */
export const DOCUMENT_ACCEPT = "image/*,application/pdf";

/** The camera each picker opens on a phone: the back one for the ID, the front one for the selfie. */
export const DOCUMENT_CAPTURE: Readonly<Record<KycDocument, "environment" | "user">> = {
  idFront: "environment",
  idBack: "environment",
  selfie: "user",
};

/** The upload form's content type when no file was chosen yet (most phone cameras give JPEG). */
export const DEFAULT_UPLOAD_TYPE: KycUploadType = "image/jpeg";

export const DOCUMENT_TYPE_REFUSED = "Choose a JPEG, PNG or PDF file";
const MAX_MB = KYC_UPLOAD_MAX_BYTES / (1024 * 1024);

export function isUploadType(type: string): type is KycUploadType {
  return (KYC_UPLOAD_TYPES as readonly string[]).includes(type);
}

/** Why a chosen file cannot be sent (the upload form's own conditions, said before S3 refuses it), or undefined. */
export function documentRefusal(file: { type: string; size: number }): string | undefined {
  if (!isUploadType(file.type)) return DOCUMENT_TYPE_REFUSED;
  if (file.size > KYC_UPLOAD_MAX_BYTES) {
    return `This file is ${(file.size / (1024 * 1024)).toFixed(1)} MB; the limit is ${MAX_MB} MB`;
  }
  if (file.size === 0) return "This file is empty";
  return undefined;
}

/**
 * Upload forms from one POST /kyc: when they were given, and the content type each was made for. They are renewed a
 * minute before they expire, so an upload started on one never races its expiry.
 */
export interface IssuedForms {
  uploads: KycUploads;
  types: Record<KycDocument, KycUploadType>;
  issuedAt: number;
}

const RENEW_BEFORE_MS = 60_000;

/** The form to send `document` of `type` with at `now`, or undefined when a fresh one must be asked for. */
export function usableForm(
  forms: IssuedForms | undefined,
  document: KycDocument,
  type: KycUploadType,
  now: number,
): PresignedUpload | undefined {
  if (!forms) return undefined;
  if (now - forms.issuedAt >= KYC_UPLOAD_EXPIRY_SECONDS * 1000 - RENEW_BEFORE_MS) return undefined;
  return forms.types[document] === type ? forms.uploads[document] : undefined;
}

/** The content types to ask forms for: each chosen file's, JPEG for a document not chosen yet. */
export function uploadTypesFor(
  chosen: Partial<Record<KycDocument, KycUploadType>>,
): Record<KycDocument, KycUploadType> {
  return Object.fromEntries(
    KYC_DOCUMENTS.map((document) => [document, chosen[document] ?? DEFAULT_UPLOAD_TYPE]),
  ) as Record<KycDocument, KycUploadType>;
}

/** One document's upload as the form shows it. */
export type DocumentUploadState =
  | { status: "empty" }
  /** Uploaded in an earlier visit of the same attempt: nothing to show but the fact. */
  | { status: "uploaded-before" }
  | { status: "uploading"; file: File; preview: string | undefined; sent: number }
  | { status: "done"; file: File; preview: string | undefined }
  | { status: "failed"; file: File; preview: string | undefined; message: string }
  /** A file refused before sending (type or size). */
  | { status: "refused"; message: string };

export type DocumentUploadsState = Record<KycDocument, DocumentUploadState>;

export type DocumentUploadAction =
  | { type: "started"; document: KycDocument; file: File; preview: string | undefined }
  | { type: "progress"; document: KycDocument; file: File; sent: number }
  | { type: "done"; document: KycDocument; file: File }
  | { type: "failed"; document: KycDocument; file: File; message: string }
  | { type: "refused"; document: KycDocument; message: string };

export function initialUploads(uploaded: readonly KycDocument[] = []): DocumentUploadsState {
  return Object.fromEntries(
    KYC_DOCUMENTS.map((document) => [document, { status: uploaded.includes(document) ? "uploaded-before" : "empty" }]),
  ) as DocumentUploadsState;
}

/**
 * Each document's upload, one at a time per document: news about a file that has since been replaced by another
 * (a late progress event, the old upload's failure) changes nothing.
 */
export function documentUploadsReducer(
  state: DocumentUploadsState,
  action: DocumentUploadAction,
): DocumentUploadsState {
  const current = state[action.document];
  const isCurrent = "file" in action && "file" in current && current.file === action.file;
  switch (action.type) {
    case "started":
      return {
        ...state,
        [action.document]: { status: "uploading", file: action.file, preview: action.preview, sent: 0 },
      };
    case "progress":
      if (!isCurrent || current.status !== "uploading") return state;
      // Never backwards: a bar that shrinks reads as a fault.
      return { ...state, [action.document]: { ...current, sent: Math.max(current.sent, Math.min(action.sent, 1)) } };
    case "done":
      if (!isCurrent || current.status !== "uploading") return state;
      return { ...state, [action.document]: { status: "done", file: current.file, preview: current.preview } };
    case "failed":
      if (!isCurrent || current.status !== "uploading") return state;
      return {
        ...state,
        [action.document]: { status: "failed", file: current.file, preview: current.preview, message: action.message },
      };
    case "refused":
      return { ...state, [action.document]: { status: "refused", message: action.message } };
  }
}

/** Every document is on the store: the submission can go to the reviewers. */
export function allUploaded(state: DocumentUploadsState): boolean {
  return KYC_DOCUMENTS.every((document) => ["done", "uploaded-before"].includes(state[document].status));
}

/** Whether a failed upload's form is spoiled (S3 refused it: expired, or not the type it was made for). */
export function formRefused(status: number): boolean {
  return status >= 400 && status < 500;
}
