/**
 * Hands a file the page made or fetched to the browser to save (a vehicle PDF, the shopper's data), through a
 * temporary link. Browser-only.
 */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const href = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = href;
  link.download = filename;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start saving before the blob goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
