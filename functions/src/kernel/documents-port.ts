import type { KycUploadType, PresignedUpload } from "@jengafund/shared";

/**
 * Where identity documents live (design.md §13.5): a private bucket written only by presigned POST and read only
 * through short-lived links. Keys are the kyc module's own (`kyc/<userId>/<attemptId>/<document>`); the S3 adapter implements it.
 */
export interface DocumentStore {
  /**
   * A presigned POST for exactly one object: the key, its content type and a size of 1 byte to `maxBytes` are
   * conditions of the signed policy, so the store itself refuses anything else.
   */
  presignUpload(input: {
    key: string;
    contentType: KycUploadType;
    maxBytes: number;
    expiresSeconds: number;
  }): Promise<PresignedUpload>;
  /** The stored object's size and content type; undefined when there is none. */
  describe(key: string): Promise<{ sizeBytes: number; contentType: string } | undefined>;
  /** A GET link valid `expiresSeconds`; `fileName` names the download. */
  presignView(key: string, input: { expiresSeconds: number; fileName?: string }): Promise<string>;
}
