import { SECURITY_TEXTS } from "./security-texts";

/** The text file a user keeps: whose codes they are, when they were made, how to use them, and the codes. */
export function recoveryCodesText(codes: readonly string[], email: string, madeAt: Date): string {
  return [
    "JengaFund recovery codes",
    `Account: ${email}`,
    `Made: ${madeAt.toISOString().slice(0, 10)}`,
    "",
    SECURITY_TEXTS.codesExplain,
    "Making new codes stops these from working.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** Saves the text as a file through the browser's own download, without a round trip to the server. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; the object URL is not needed past this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
