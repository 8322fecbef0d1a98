import type { PresignedUpload } from "@jengafund/shared";

/** An upload S3 did not take: `status` 0 when no answer came at all (offline, a dropped connection). */
export class UploadError extends Error {
  constructor(readonly status: number) {
    super(status === 0 ? "Network error" : `Upload refused with status ${status}`);
    this.name = "UploadError";
  }
}

export interface DocumentUpload {
  done: Promise<void>;
  abort: () => void;
}

/**
 * Sends `file` straight to S3 by its presigned POST: every field of the form first, the file last (S3 ignores what
 * follows it). XMLHttpRequest rather than fetch, because only it reports the upload's progress; `onProgress` gets the
 * share sent so far, from 0 to 1.
 */
export function uploadDocument(
  upload: PresignedUpload,
  file: Blob,
  onProgress: (sent: number) => void,
): DocumentUpload {
  const request = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
    form.append("file", file);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(request.status));
      }
    });
    request.addEventListener("error", () => reject(new UploadError(0)));
    request.addEventListener("abort", () => reject(new UploadError(0)));
    request.addEventListener("timeout", () => reject(new UploadError(0)));
    request.open("POST", upload.url);
    request.send(form);
  });
  return { done, abort: () => request.abort() };
}
