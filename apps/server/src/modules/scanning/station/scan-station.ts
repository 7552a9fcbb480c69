import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { scanningScansApi as api, type ScanFile } from '@huikao/contracts';
import type { StationClient } from './station-client.ts';

// A scanning station's output folder, watched (issue #16 item 1): every file that has stopped
// growing is uploaded once into this run's batch, in path order. A file is "settled" when its size
// and modification time are the same on two looks `settleMs` apart, so a scanner still writing a
// multi-page TIFF or PDF is never sent half-written. The server recognises a file it already has by
// its checksum (重复文件, not stored twice), so a restarted command may safely look at old files.

const SCAN_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.pdf', '.zip']);

export interface StationOptions {
  folder: string;
  seId: string;
  room?: string;
  /** How long a file must stay the same size before it is sent. */
  settleMs: number;
  /** Chinese progress lines. */
  log: (line: string) => void;
}

interface Seen {
  size: number;
  mtimeMs: number;
  /** When this size and time were first seen. */
  since: number;
}

export interface StationTotals {
  stored: number;
  duplicate: number;
  refused: number;
  failed: number;
  pages: number;
}

export class ScanStation {
  private readonly seen = new Map<string, Seen>();
  private readonly sent = new Set<string>();
  private batchId: string | null = null;
  readonly totals: StationTotals = { stored: 0, duplicate: 0, refused: 0, failed: 0, pages: 0 };

  constructor(
    private readonly client: StationClient,
    private readonly options: StationOptions,
  ) {}

  get batch(): string | null {
    return this.batchId;
  }

  /** One look at the folder: uploads the files that have settled since the last look; returns how many. */
  async sweep(now = Date.now()): Promise<number> {
    const ready: string[] = [];
    for (const file of await listScans(this.options.folder)) {
      if (this.sent.has(file)) continue;
      let info: { size: number; mtimeMs: number };
      try {
        info = await stat(path.join(this.options.folder, file));
      } catch {
        this.seen.delete(file); // moved away or deleted while we looked
        continue;
      }
      const before = this.seen.get(file);
      if (!before || before.size !== info.size || before.mtimeMs !== info.mtimeMs) {
        this.seen.set(file, { size: info.size, mtimeMs: info.mtimeMs, since: now });
      } else if (now - before.since >= this.options.settleMs && info.size > 0) {
        ready.push(file);
      }
    }
    for (const file of ready) await this.send(file);
    return ready.length;
  }

  private async send(file: string): Promise<void> {
    const bytes = await readFile(path.join(this.options.folder, file));
    const { log, seId, room } = this.options;
    if (!this.batchId) {
      const batch = await this.client.call(api.createBatch, {
        schoolId: this.client.user.schoolId,
        seId,
        room,
        dpi: 200,
      });
      this.batchId = batch.batchId;
      log(`新建扫描批次 ${batch.batchId}${room ? `（考场 ${room}）` : ''}`);
    }
    log(`上传 ${file}（${formatSize(bytes.length)}）…`);
    let files: ScanFile[];
    try {
      ({ files } = await this.client.upload(
        api.uploadScanFile,
        { schoolId: this.client.user.schoolId, batchId: this.batchId },
        { name: path.basename(file), bytes },
      ));
    } catch (error) {
      // Left unsent: the next look tries again (a network blip, the server restarting).
      this.totals.failed++;
      this.seen.delete(file);
      log(`  上传失败：${(error as Error).message}，稍后重试`);
      return;
    }
    this.sent.add(file);
    for (const f of files) {
      const name = f.archiveName ? `${f.archiveName} › ${f.fileName}` : f.fileName;
      this.totals[f.status]++;
      if (f.status === 'stored') {
        this.totals.pages += f.pageCount;
        log(`  已保存 ${name}：${f.pageCount} 页`);
      } else if (f.status === 'duplicate') log(`  重复文件 ${name}：${f.message ?? '已上传过，不再保存'}`);
      else log(`  已拒收 ${name}：${f.message ?? ''}`);
    }
  }

  /** The batch's recognition progress as one line (null before the first upload). */
  async progressLine(): Promise<string | null> {
    if (!this.batchId) return null;
    const b = await this.client.call(api.batchStatus, { schoolId: this.client.user.schoolId, batchId: this.batchId });
    const waiting = b.pages.queued + b.pages.recognising;
    return `识别进度：${b.pages.done} / ${b.pages.total} 页已识别${b.pages.failed ? `，${b.pages.failed} 页失败` : ''}${
      waiting ? `，${waiting} 页排队或识别中` : ''
    }；待处理异常 ${b.openExceptions} 个`;
  }

  /** Whether every uploaded page has been recognised (or has failed for good). */
  async recognised(): Promise<boolean> {
    if (!this.batchId) return true;
    const b = await this.client.call(api.batchStatus, { schoolId: this.client.user.schoolId, batchId: this.batchId });
    return b.pages.queued + b.pages.recognising === 0;
  }
}

/** Scan files under the folder (sub-folders too), relative paths in numbered order; hidden files left out. */
export async function listScans(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.') && SCAN_EXTENSIONS.has(path.extname(e.name).toLowerCase()))
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .filter((rel) => !rel.split(path.sep).some((part) => part.startsWith('.')))
    .sort((a, b) => a.localeCompare(b, 'zh-CN', { numeric: true }));
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
