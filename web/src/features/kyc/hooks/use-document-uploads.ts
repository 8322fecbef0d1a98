import type { KycDocument, KycStartInput, KycUploadType } from "@jengafund/shared";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { startKyc } from "../api/start-kyc";
import { type DocumentUpload, UploadError, uploadDocument } from "../api/upload-document";
import {
  documentRefusal,
  documentUploadsReducer,
  formRefused,
  type IssuedForms,
  initialUploads,
  isUploadType,
  uploadTypesFor,
  usableForm,
} from "../lib/kyc-documents";

export const UPLOAD_FAILED = {
  network: "The upload stopped. Check your connection, then retry.",
  refused: "The upload was refused. Retry to send it with a fresh upload link.",
} as const;

interface DocumentUploadsOptions {
  /** Step 1's details: sent again with POST /kyc when fresh upload forms are needed. */
  details: Omit<KycStartInput, "uploadTypes">;
  /** The forms step 1's POST /kyc gave. */
  forms: IssuedForms;
  /** Documents already uploaded in this attempt (an earlier visit). */
  uploaded?: readonly KycDocument[];
}

/**
 * Step 2: each chosen file is checked, then sent straight to S3 with its progress. A form that has expired, or was
 * made for another content type (a PNG chosen where a JPEG was expected), is replaced by a new POST /kyc first, which
 * keeps the attempt and what it already holds. A failed upload keeps its file for Retry.
 */
export function useDocumentUploads({ details, forms, uploaded = [] }: DocumentUploadsOptions) {
  const [state, dispatch] = useReducer(documentUploadsReducer, uploaded, initialUploads);
  const formsRef = useRef<IssuedForms | undefined>(forms);
  const renewing = useRef<Promise<IssuedForms> | undefined>(undefined);
  const chosenTypes = useRef<Partial<Record<KycDocument, KycUploadType>>>({});
  const running = useRef<Partial<Record<KycDocument, DocumentUpload>>>({});
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const uploads = running.current;
    const urls = previews.current;
    return () => {
      for (const upload of Object.values(uploads)) upload?.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const formFor = useCallback(
    async (document: KycDocument, type: KycUploadType) => {
      if (renewing.current) await renewing.current.catch(() => undefined);
      const ready = usableForm(formsRef.current, document, type, Date.now());
      if (ready) return ready;
      const types = uploadTypesFor(chosenTypes.current);
      const request = startKyc({ ...details, uploadTypes: types }).then(({ uploads }) => {
        const fresh: IssuedForms = { uploads, types, issuedAt: Date.now() };
        formsRef.current = fresh;
        return fresh;
      });
      renewing.current = request;
      try {
        return (await request).uploads[document];
      } finally {
        if (renewing.current === request) renewing.current = undefined;
      }
    },
    [details],
  );

  const send = useCallback(
    async (document: KycDocument, file: File, preview: string | undefined) => {
      running.current[document]?.abort();
      dispatch({ type: "started", document, file, preview });
      let upload: DocumentUpload | undefined;
      try {
        const form = await formFor(document, file.type as KycUploadType);
        upload = uploadDocument(form, file, (sent) => dispatch({ type: "progress", document, file, sent }));
        running.current[document] = upload;
        await upload.done;
        dispatch({ type: "done", document, file });
      } catch (error) {
        // S3 refused the form (expired, or not the type it was made for): the retry asks for fresh ones.
        if (error instanceof UploadError && formRefused(error.status)) formsRef.current = undefined;
        dispatch({ type: "failed", document, file, message: failureMessage(error) });
      } finally {
        if (upload && running.current[document] === upload) delete running.current[document];
      }
    },
    [formFor],
  );

  const choose = useCallback(
    (document: KycDocument, file: File) => {
      const refused = documentRefusal(file);
      if (refused || !isUploadType(file.type)) {
        dispatch({ type: "refused", document, message: refused ?? "" });
        return;
      }
      chosenTypes.current[document] = file.type;
      const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : undefined;
      if (preview) previews.current.add(preview);
      void send(document, file, preview);
    },
    [send],
  );

  const retry = useCallback(
    (document: KycDocument) => {
      const current = state[document];
      if (current.status === "failed") void send(document, current.file, current.preview);
    },
    [send, state],
  );

  return { state, choose, retry };
}

function failureMessage(error: unknown): string {
  if (error instanceof UploadError) return formRefused(error.status) ? UPLOAD_FAILED.refused : UPLOAD_FAILED.network;
  if (error instanceof ApiError) return errorMessage(error, UPLOAD_FAILED.network);
  return UPLOAD_FAILED.network;
}
