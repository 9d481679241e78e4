/**
 * A file made in the app handed to the user as a download: the browser host saves it where downloads go, the desktop
 * app asks where to save it. One way for every export (orders' and stock's CSV, the support file).
 */
export function saveFile(content: BlobPart, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // the download has started from the link by now; the object URL is let go a little later
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
