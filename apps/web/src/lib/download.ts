import type { FileDownload } from './api-client.ts';

/**
 * Hands a downloaded file (an export, a template) to the browser's save dialog. The object URL is
 * released after the click has been handled, so large exports do not stay in memory.
 */
export function saveDownload(file: FileDownload, target: Document = document): void {
  const url = URL.createObjectURL(file.blob);
  const link = target.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.style.display = 'none';
  target.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
