/** Hands a file to the browser as a download (a link with `download`, clicked): no server, so it works offline too. */
export function saveFile(content: Blob, fileName: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked a little later: some browsers start reading the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
