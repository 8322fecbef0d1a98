import { KYC_CONSENT_TEXT, KYC_MESSAGES, type KycUploads, type KycView, type User } from "@jengafund/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UploadError, uploadDocument } from "../src/features/kyc/api/upload-document";
import { UPLOAD_FAILED } from "../src/features/kyc/hooks/use-document-uploads";
import { ApiError } from "../src/lib/api-client";
import { callsTo, mockApi } from "./api-mock";
import { aUser } from "./fixtures";
import { renderApp } from "./render-app";

vi.mock("../src/lib/api-client", async (original) => ({ ...(await original<object>()), apiRequest: vi.fn() }));
vi.mock("../src/features/kyc/api/upload-document", async (original) => ({
  ...(await original<object>()),
  uploadDocument: vi.fn(),
}));

/** One upload the fake store holds open: the test reports its progress and settles it. */
interface HeldUpload {
  url: string;
  key: string | undefined;
  file: Blob;
  progress: (sent: number) => void;
  finish: () => void;
  fail: (status: number) => void;
}

let held: HeldUpload[] = [];
let formsIssued = 0;

function holdUploads() {
  held = [];
  vi.mocked(uploadDocument).mockImplementation((upload, file, onProgress) => {
    let finish = () => {};
    let fail = (_status: number) => {};
    const done = new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = (status) => reject(new UploadError(status));
    });
    held.push({ url: upload.url, key: upload.fields.key, file, progress: onProgress, finish, fail });
    return { done, abort: vi.fn() };
  });
}

function freshUploads(): KycUploads {
  formsIssued += 1;
  const form = (document: string) => ({
    url: "http://localhost:4569/jengafund-kyc",
    fields: { key: `kyc/${document}`, Policy: `policy-${formsIssued}` },
  });
  return { idFront: form("idFront"), idBack: form("idBack"), selfie: form("selfie") };
}

const started: KycView = { status: "none", idType: "national-id", idNumberMasked: "•••••678", uploaded: [] };

function showVerify(
  user: User = aUser(),
  answers: { start?: (body: unknown) => unknown; submit?: () => unknown } = {},
) {
  formsIssued = 0;
  holdUploads();
  let serverUser = user;
  mockApi({
    "GET /auth/me": () => ({ user: serverUser }),
    "GET /kyc": { kyc: { status: user.kyc.status, ...(user.kyc.reason ? { reason: user.kyc.reason } : {}) } },
    "POST /kyc": (body) => answers.start?.(body) ?? { kyc: started, uploads: freshUploads() },
    "POST /kyc/submit": () => {
      const answer = answers.submit?.() ?? {
        message: KYC_MESSAGES.submitted,
        kyc: { ...started, status: "pending", submittedAt: "2026-01-05T09:00:00.000Z" },
      };
      serverUser = { ...serverUser, kyc: { status: "pending" } };
      return answer;
    },
  });
  renderApp("/dashboard/account/verify");
}

async function fillDetails(details: Partial<Record<"idType" | "idNumber" | "kraPin" | "dateOfBirth", string>> = {}) {
  const values = { idType: "national-id", idNumber: "12345678", kraPin: "a123456789z", dateOfBirth: "1990-04-12" };
  Object.assign(values, details);
  fireEvent.change(await screen.findByLabelText(/^ID type/), { target: { value: values.idType } });
  fireEvent.change(screen.getByLabelText(/^ID number/), { target: { value: values.idNumber } });
  fireEvent.change(screen.getByLabelText(/^KRA PIN/), { target: { value: values.kraPin } });
  fireEvent.change(screen.getByLabelText(/^Date of birth/), { target: { value: values.dateOfBirth } });
}

const consent = () => screen.getByRole("checkbox", { name: KYC_CONSENT_TEXT });

/** Ticks the consent and waits until the form has taken it (the checkbox reports it a moment later). */
async function agree() {
  fireEvent.click(consent());
  await waitFor(() => expect(consent().closest("label")?.getAttribute("data-state")).toBe("checked"));
}
const continueButton = () => screen.getByRole("button", { name: "Continue" });

async function reachDocuments() {
  await fillDetails();
  await agree();
  fireEvent.click(continueButton());
  await screen.findByRole("heading", { name: "Step 2 of 3: Your documents" });
}

const jpeg = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: "image/jpeg" });

function choose(label: string, file: File) {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}

describe("Account → Verify identity, step 1: the details (design.md §13.5)", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("shows the account as Unverified in the header, and the consent text to agree to", async () => {
    showVerify();
    expect(await screen.findByRole("link", { name: "Identity: Unverified" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Step 1 of 3: Your details" })).toBeTruthy();
    expect(consent()).toBeTruthy();
    const options = within(screen.getByLabelText(/^ID type/)).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Choose your type of ID",
      "National ID",
      "Passport",
      "Alien ID",
    ]);
  });

  it("refuses the details on their fields with the API's own rules, and sends nothing", async () => {
    showVerify();
    await fillDetails({ kraPin: "A12345", dateOfBirth: "2015-06-01" });
    fireEvent.click(continueButton());
    expect(await screen.findByText("A KRA PIN is A or P, 9 digits and a letter (e.g. A123456789Z)")).toBeTruthy();
    expect(screen.getByText(KYC_MESSAGES.consentRequired)).toBeTruthy();
    expect(screen.getByLabelText(/^KRA PIN/).getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(screen.getByLabelText(/^KRA PIN/), { target: { value: "A123456789Z" } });
    await agree();
    fireEvent.click(continueButton());
    expect(await screen.findByText(KYC_MESSAGES.tooYoung)).toBeTruthy();
    expect(callsTo("POST", "/kyc")).toEqual([]);
  });

  it("sends the details as the server reads them, with JPEG forms until files are chosen", async () => {
    showVerify();
    await reachDocuments();
    expect(callsTo("POST", "/kyc")).toEqual([
      {
        idType: "national-id",
        idNumber: "12345678",
        kraPin: "A123456789Z",
        dateOfBirth: "1990-04-12",
        consent: true,
        uploadTypes: { idFront: "image/jpeg", idBack: "image/jpeg", selfie: "image/jpeg" },
      },
    ]);
  });

  it("shows the server's refusal of an ID already verified elsewhere on the ID number", async () => {
    showVerify(aUser(), {
      start: () => {
        throw new ApiError(409, KYC_MESSAGES.idTaken);
      },
    });
    await fillDetails();
    await agree();
    fireEvent.click(continueButton());
    await waitFor(() => expect(screen.getByLabelText(/^ID number/).getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(KYC_MESSAGES.idTaken).length).toBeGreaterThan(0);
  });
});

describe("step 2: three documents straight to the store, each with its progress and a retry", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("opens the back camera for the ID and the front one for the selfie, taking images and PDFs", async () => {
    showVerify();
    await reachDocuments();
    for (const [label, capture] of [
      ["Front of your ID", "environment"],
      ["Back of your ID", "environment"],
      ["Selfie", "user"],
    ]) {
      const input = screen.getByLabelText(label as string) as HTMLInputElement;
      expect(input.type).toBe("file");
      expect(input.accept).toBe("image/*,application/pdf");
      expect(input.getAttribute("capture")).toBe(capture);
    }
  });

  it("uploads a chosen photo with its progress, then Submit sends all three for review", async () => {
    showVerify();
    await reachDocuments();
    const submit = screen.getByRole("button", { name: "Submit for review" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    choose("Front of your ID", jpeg("front.jpg"));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(held[0]?.key).toBe("kyc/idFront");
    held[0]?.progress(0.42);
    const bar = await screen.findByRole("progressbar", { name: "Uploading front of your ID" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("42"));
    expect(screen.getByRole("img", { name: "Preview of front of your ID" })).toBeTruthy();
    held[0]?.finish();
    expect(await screen.findByText("Uploaded")).toBeTruthy();

    choose("Back of your ID", jpeg("back.jpg"));
    choose("Selfie", jpeg("selfie.jpg"));
    await waitFor(() => expect(held).toHaveLength(3));
    held[1]?.finish();
    held[2]?.finish();
    await waitFor(() => expect(submit.disabled).toBe(false));
    // Same JPEG forms for all three: only step 1 asked for them.
    expect(callsTo("POST", "/kyc")).toHaveLength(1);

    fireEvent.click(submit);
    expect(await screen.findByText(KYC_MESSAGES.submitted)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Step 3 of 3: Submitted" })).toBeTruthy();
    // The header follows GET /auth/me, read again at once.
    expect(await screen.findByRole("link", { name: "Identity: Under review" })).toBeTruthy();
  });

  it("refuses a file too large or of another type before sending it, with a clear message", async () => {
    showVerify();
    await reachDocuments();
    choose("Selfie", jpeg("huge.jpg", 6 * 1024 * 1024));
    expect(await screen.findByText("This file is 6.0 MB; the limit is 5 MB")).toBeTruthy();
    choose("Front of your ID", new File(["x"], "front.heic", { type: "image/heic" }));
    expect(await screen.findByText("Choose a JPEG, PNG or PDF file")).toBeTruthy();
    expect(held).toHaveLength(0);
  });

  it("asks for fresh forms when the file is a PNG, naming its type, and keeps the others' JPEG", async () => {
    showVerify();
    await reachDocuments();
    choose("Back of your ID", new File([new Uint8Array(10)], "back.png", { type: "image/png" }));
    await waitFor(() => expect(held).toHaveLength(1));
    expect(callsTo("POST", "/kyc")).toHaveLength(2);
    expect(callsTo("POST", "/kyc")[1]).toMatchObject({
      idNumber: "12345678",
      consent: true,
      uploadTypes: { idFront: "image/jpeg", idBack: "image/png", selfie: "image/jpeg" },
    });
  });

  it("offers Retry after a dropped connection, with the same form; after a refusal by the store, with fresh forms", async () => {
    showVerify();
    await reachDocuments();
    choose("Front of your ID", jpeg("front.jpg"));
    await waitFor(() => expect(held).toHaveLength(1));
    held[0]?.fail(0);
    expect(await screen.findByText(UPLOAD_FAILED.network)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry front of your ID" }));
    await waitFor(() => expect(held).toHaveLength(2));
    expect(callsTo("POST", "/kyc")).toHaveLength(1);
    expect(held[1]?.file).toBe(held[0]?.file);

    // An expired form: S3 answers 403.
    held[1]?.fail(403);
    expect(await screen.findByText(UPLOAD_FAILED.refused)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry front of your ID" }));
    await waitFor(() => expect(held).toHaveLength(3));
    expect(callsTo("POST", "/kyc")).toHaveLength(2);
    held[2]?.finish();
    expect(await screen.findByText("Uploaded")).toBeTruthy();
  });
});

describe("a verification under review or decided", () => {
  beforeEach(() => {
    localStorage.setItem("token", "investor-token");
  });

  it("shows a rejection's reason and lets the account try again", async () => {
    showVerify(aUser({ kyc: { status: "rejected", reason: "The selfie is blurred" } }));
    expect(await screen.findByRole("link", { name: "Identity: Rejected" })).toBeTruthy();
    expect(await screen.findByText("Reason: The selfie is blurred")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Step 1 of 3: Your details" })).toBeTruthy();
  });

  it("says a pending one is being reviewed, with no form", async () => {
    showVerify(aUser({ kyc: { status: "pending" } }));
    expect(await screen.findByText(KYC_MESSAGES.submitted)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Continue" })).toBeNull();
  });
});
