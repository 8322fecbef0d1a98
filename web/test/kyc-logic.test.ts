import { KYC_MESSAGES, KYC_UPLOAD_EXPIRY_SECONDS, KYC_UPLOAD_MAX_BYTES, type KycUploads } from "@jengafund/shared";
import { describe, expect, it } from "vitest";
import { checkKycDetails, emptyKycDetails, latestDateOfBirth } from "../src/features/kyc/lib/kyc-details";
import {
  allUploaded,
  DOCUMENT_TYPE_REFUSED,
  documentRefusal,
  documentUploadsReducer,
  formRefused,
  type IssuedForms,
  initialUploads,
  uploadTypesFor,
  usableForm,
} from "../src/features/kyc/lib/kyc-documents";

const form = (name: string) => ({ url: "http://localhost:4569/jengafund-kyc", fields: { key: name } });
const uploads: KycUploads = { idFront: form("front"), idBack: form("back"), selfie: form("selfie") };
const issuedAt = Date.parse("2026-01-05T10:00:00.000Z");
const forms: IssuedForms = { uploads, types: uploadTypesFor({ idBack: "image/png" }), issuedAt };

const valid = {
  idType: "national-id" as const,
  idNumber: "12345678",
  kraPin: "A123456789Z",
  dateOfBirth: "1990-04-12",
  consent: true,
};

describe("step 1's checks: the shared schema and the age on Nairobi's day", () => {
  it("names every missing field with the API's own messages", () => {
    const checked = checkKycDetails(emptyKycDetails, "2026-01-05");
    expect(checked).toEqual({
      ok: false,
      errors: {
        idType: "Choose the type of ID",
        kraPin: "A KRA PIN is A or P, 9 digits and a letter (e.g. A123456789Z)",
        dateOfBirth: "Date of birth must be a date (YYYY-MM-DD)",
        consent: KYC_MESSAGES.consentRequired,
      },
    });
  });

  it("checks the ID number against its type's rule, and the date for a real one", () => {
    expect(checkKycDetails({ ...valid, idNumber: "123456" }, "2026-01-05")).toEqual({
      ok: false,
      errors: { idNumber: "A national ID number has 7 or 8 digits" },
    });
    expect(checkKycDetails({ ...valid, idType: "passport", idNumber: "12345678" }, "2026-01-05")).toEqual({
      ok: false,
      errors: { idNumber: "A passport number is 1–2 letters then 6–8 digits" },
    });
    expect(checkKycDetails({ ...valid, dateOfBirth: "1990-02-30" }, "2026-01-05")).toEqual({
      ok: false,
      errors: { dateOfBirth: "Date of birth must be a real date" },
    });
  });

  it("refuses anyone under 18 on Nairobi's today, and takes them on their 18th birthday", () => {
    expect(checkKycDetails({ ...valid, dateOfBirth: "2008-01-06" }, "2026-01-05")).toEqual({
      ok: false,
      errors: { dateOfBirth: KYC_MESSAGES.tooYoung },
    });
    expect(checkKycDetails({ ...valid, dateOfBirth: "2008-01-05" }, "2026-01-05").ok).toBe(true);
    expect(latestDateOfBirth("2026-01-05")).toBe("2008-01-05");
    expect(latestDateOfBirth("2028-02-29")).toBe("2010-02-28");
  });

  it("sends the numbers as the server reads them: spaces gone, upper case", () => {
    expect(checkKycDetails({ ...valid, idNumber: " 1234 5678 ", kraPin: "a123456789z" }, "2026-01-05")).toEqual({
      ok: true,
      input: { ...valid, idNumber: "12345678", kraPin: "A123456789Z" },
    });
  });
});

describe("step 2's checks before a file is sent", () => {
  it("takes JPEG, PNG and PDF up to 5 MB and says why it refuses anything else", () => {
    expect(documentRefusal({ type: "image/jpeg", size: KYC_UPLOAD_MAX_BYTES })).toBeUndefined();
    expect(documentRefusal({ type: "application/pdf", size: 1000 })).toBeUndefined();
    expect(documentRefusal({ type: "image/heic", size: 1000 })).toBe(DOCUMENT_TYPE_REFUSED);
    expect(documentRefusal({ type: "image/png", size: KYC_UPLOAD_MAX_BYTES + 1 })).toBe(
      "This file is 5.0 MB; the limit is 5 MB",
    );
    expect(documentRefusal({ type: "image/png", size: 7.5 * 1024 * 1024 })).toBe(
      "This file is 7.5 MB; the limit is 5 MB",
    );
    expect(documentRefusal({ type: "image/png", size: 0 })).toBe("This file is empty");
  });

  it("uses a form only for the type it was made for, and not in its last minute", () => {
    expect(usableForm(forms, "idFront", "image/jpeg", issuedAt)).toBe(uploads.idFront);
    expect(usableForm(forms, "idBack", "image/png", issuedAt + 1000)).toBe(uploads.idBack);
    // A PNG where the form expects a JPEG: S3 would refuse it, so fresh forms are asked for.
    expect(usableForm(forms, "idFront", "image/png", issuedAt)).toBeUndefined();
    const lastMinute = issuedAt + KYC_UPLOAD_EXPIRY_SECONDS * 1000 - 60_000;
    expect(usableForm(forms, "selfie", "image/jpeg", lastMinute - 1)).toBe(uploads.selfie);
    expect(usableForm(forms, "selfie", "image/jpeg", lastMinute)).toBeUndefined();
    expect(usableForm(undefined, "selfie", "image/jpeg", issuedAt)).toBeUndefined();
  });

  it("asks for forms of each chosen file's type, JPEG for the rest", () => {
    expect(uploadTypesFor({ selfie: "application/pdf" })).toEqual({
      idFront: "image/jpeg",
      idBack: "image/jpeg",
      selfie: "application/pdf",
    });
  });

  it("renews forms after S3 refused one (4xx), not after a dropped connection", () => {
    expect(formRefused(403)).toBe(true);
    expect(formRefused(400)).toBe(true);
    expect(formRefused(0)).toBe(false);
    expect(formRefused(503)).toBe(false);
  });
});

describe("each document's upload", () => {
  const photo = new File(["front"], "front.jpg", { type: "image/jpeg" });
  const other = new File(["front again"], "front-2.jpg", { type: "image/jpeg" });

  it("moves forward only, and ignores news of a file that was replaced", () => {
    let state = documentUploadsReducer(initialUploads(), {
      type: "started",
      document: "idFront",
      file: photo,
      preview: undefined,
    });
    state = documentUploadsReducer(state, { type: "progress", document: "idFront", file: photo, sent: 0.6 });
    state = documentUploadsReducer(state, { type: "progress", document: "idFront", file: photo, sent: 0.4 });
    expect(state.idFront).toMatchObject({ status: "uploading", sent: 0.6 });
    state = documentUploadsReducer(state, { type: "started", document: "idFront", file: other, preview: undefined });
    state = documentUploadsReducer(state, { type: "failed", document: "idFront", file: photo, message: "late" });
    state = documentUploadsReducer(state, { type: "progress", document: "idFront", file: photo, sent: 1 });
    expect(state.idFront).toMatchObject({ status: "uploading", file: other, sent: 0 });
    state = documentUploadsReducer(state, { type: "failed", document: "idFront", file: other, message: "stopped" });
    expect(state.idFront).toMatchObject({ status: "failed", file: other, message: "stopped" });
  });

  it("is complete once all three are on the store, counting those uploaded in an earlier visit", () => {
    let state = initialUploads(["idBack", "selfie"]);
    expect(allUploaded(state)).toBe(false);
    state = documentUploadsReducer(state, { type: "started", document: "idFront", file: photo, preview: undefined });
    expect(allUploaded(state)).toBe(false);
    state = documentUploadsReducer(state, { type: "done", document: "idFront", file: photo });
    expect(allUploaded(state)).toBe(true);
  });
});
