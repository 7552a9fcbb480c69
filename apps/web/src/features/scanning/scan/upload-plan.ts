// What a drop or a chosen folder becomes before anything is sent (issue #16 item 1): the scans to
// upload in a stable order, and the files left out with the reason. The server checks every file
// again (type by its bytes, size, pages); this only keeps a scanning station's folder clutter
// (Thumbs.db, .DS_Store, logs) from being sent and refused one by one.

/** The same kinds the server takes (scan-routes SCAN_UPLOAD). */
export const SCAN_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.pdf', '.zip'] as const;
export const SCAN_TYPE_MESSAGE = '只能上传扫描图像：JPEG、PNG、TIFF、PDF，或包含它们的 zip 压缩包';
/** The server's limit per file. */
export const SCAN_MAX_BYTES = 200 * 1024 * 1024;

export interface PickedFile {
  /** The path inside a dropped folder, or the name. */
  path: string;
  size: number;
}

export interface UploadPlan<F extends PickedFile> {
  upload: F[];
  refused: { file: F; message: string }[];
  /** Hidden and system files of a folder, skipped without a word each. */
  skipped: number;
}

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const isSystemFile = (name: string) => name.startsWith('.') || /^(thumbs\.db|desktop\.ini)$/i.test(name);

/** Files in path order (a scanner numbers its output), each path once. */
export function planUpload<F extends PickedFile>(files: readonly F[]): UploadPlan<F> {
  const plan: UploadPlan<F> = { upload: [], refused: [], skipped: 0 };
  const seen = new Set<string>();
  const sorted = [...files].sort((a, b) => a.path.localeCompare(b.path, 'zh-CN', { numeric: true }));
  for (const file of sorted) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    const name = baseName(file.path);
    if (isSystemFile(name)) plan.skipped++;
    else if (!(SCAN_EXTENSIONS as readonly string[]).includes(extensionOf(name)))
      plan.refused.push({ file, message: SCAN_TYPE_MESSAGE });
    else if (file.size === 0) plan.refused.push({ file, message: '文件是空的（0 字节）' });
    else if (file.size > SCAN_MAX_BYTES) plan.refused.push({ file, message: '文件超过 200MB，请分成几个文件上传' });
    else plan.upload.push(file);
  }
  return plan;
}

/** Bytes sent of all, as a whole percentage (0 when there is nothing to send). */
export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((sent / total) * 100));
}
