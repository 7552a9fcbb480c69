import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, type Worker } from 'tesseract.js';
import { badInput } from '../../../platform/errors.ts';

// 拍照识题 (file/iiilookOCR): tesseract.js (WebAssembly, in a worker thread) with the simplified
// Chinese model of the npm package @tesseract.js-data/chi_sim, read from node_modules: nothing is
// fetched at run time (decisions.md 2026-11-26). One worker for the process, started on first
// use and kept; recognitions queue on it, so at most one photo is read at a time.

const require = createRequire(import.meta.url);
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/chi_sim/package.json')), '4.0.0_best_int');
/** Photos are scaled so their longer side is at most this (tesseract reads 20–40 px text best). */
const MAX_SIDE = 2400;

let worker: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

function ocrWorker(): Promise<Worker> {
  worker ??= createWorker('chi_sim', 1, { langPath: LANG_PATH, cacheMethod: 'none', gzip: true }).catch((error) => {
    worker = undefined;
    throw error;
  });
  return worker;
}

/** Tesseract puts spaces between Chinese characters; a question's text has none there. */
export function tidyChineseText(text: string): string {
  const cjk = '\\p{Script=Han}，。、；：？！（）“”《》';
  return text
    .replace(new RegExp(`(?<=[${cjk}])[ \\t]+(?=[${cjk}])`, 'gu'), '')
    .replace(new RegExp(`(?<=[${cjk}])[ \\t]+(?=[0-9A-Za-z])|(?<=[0-9A-Za-z])[ \\t]+(?=[${cjk}])`, 'gu'), '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export async function recognizeQuestionPhoto(photo: Buffer): Promise<{ text: string; confidence: number }> {
  let prepared: Buffer;
  try {
    prepared = await sharp(photo)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .greyscale()
      .png()
      .toBuffer();
  } catch {
    throw badInput('图片无法读取：文件已损坏或不是有效的图片', { field: 'file' });
  }
  const work = queue.then(async () => (await ocrWorker()).recognize(prepared));
  queue = work.catch(() => undefined);
  const { data } = await work;
  const text = tidyChineseText(data.text);
  if (!text) throw badInput('图片中没有识别到文字，请拍清楚题目后重试', { field: 'file' });
  return { text, confidence: Math.round(data.confidence) };
}

/** Ends the worker (tests and shutdown). */
export async function stopOcr(): Promise<void> {
  const running = worker;
  worker = undefined;
  if (running) await (await running).terminate();
}
