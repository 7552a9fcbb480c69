import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../../platform/db.ts';
import { NODE_KIND } from '../catalogue/catalogue-service.ts';
import { type ImportSummary, importQuestionDrafts, importTree } from './import-service.ts';
import { parseGaokaoFile } from './parse-gaokao.ts';
import { parseTalFile } from './parse-tal.ts';
import { isTreeJson, parseTreeJson } from './parse-tree.ts';
import { refreshSearchStatistics } from './write-repo.ts';

// Imports files or folders: knowledge trees (JSON node arrays) first, so the questions imported
// after them can be linked to their knowledge points; then GAOKAO-Bench JSON and TAL-SCQ5K JSONL.
// Files are read and parsed outside the transactions; each file is one transaction.

export interface FileImport {
  file: string;
  kind: 'tree' | 'gaokao' | 'tal';
  nodes?: number;
  summary?: ImportSummary;
}

async function filesUnder(target: string): Promise<string[]> {
  const info = await stat(target);
  if (!info.isDirectory()) return [target];
  const names = (await readdir(target)).sort();
  const nested = await Promise.all(names.map((name) => filesUnder(path.join(target, name))));
  return nested.flat().filter((f) => /\.(json|jsonl)$/i.test(f));
}

export async function importQuestionBankFiles(
  db: Db,
  targets: string[],
  options: { treeCourse?: string } = {},
): Promise<FileImport[]> {
  const files = (await Promise.all(targets.map(filesUnder))).flat();
  const parsed = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(file, 'utf8');
      if (file.endsWith('.jsonl')) return { file, kind: 'tal' as const, text };
      const json = JSON.parse(text) as unknown;
      if (isTreeJson(json)) return { file, kind: 'tree' as const, json };
      if (json && typeof json === 'object' && 'example' in json) return { file, kind: 'gaokao' as const, json };
      return null;
    }),
  );
  const results: FileImport[] = [];
  for (const entry of parsed.filter((p) => p?.kind === 'tree')) {
    const nodes = await importTree(db, options.treeCourse ?? '数学', NODE_KIND.knowledge, parseTreeJson(entry!.json));
    results.push({ file: entry!.file, kind: 'tree', nodes });
  }
  for (const entry of parsed) {
    if (!entry || entry.kind === 'tree') continue;
    const drafts = entry.kind === 'tal' ? parseTalFile(entry.text) : parseGaokaoFile(entry.file, entry.json);
    results.push({ file: entry.file, kind: entry.kind, summary: await importQuestionDrafts(db, drafts) });
  }
  await refreshSearchStatistics(db);
  return results;
}
