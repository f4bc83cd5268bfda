// Saving something built on the device as a file (works offline: no request is made). Page
// only (it needs the document), so it lives in src/ui: src/lib is compiled for the worker too.

/** Offers `blob` as a download named `fileName` through a temporary link. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob after click() returns; revoking at once can cancel the save.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
