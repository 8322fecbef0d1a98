/** Hands a file to the browser's downloads, the way a link with `download` would. */
export function downloadFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
