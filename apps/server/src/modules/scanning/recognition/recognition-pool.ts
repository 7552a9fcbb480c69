import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { RecognitionInput, RecognitionOutput } from './recognise-page.ts';

// Recognition is CPU work (decode, sampling, crops): it runs in worker threads so the server keeps
// answering while it recognises. One thread per core by default; the pool starts on first use.

let pool: Piscina | null = null;

export function recognitionThreads(): number {
  const set = Number(process.env.RECOGNITION_THREADS);
  return Number.isInteger(set) && set > 0 ? set : Math.max(1, availableParallelism());
}

function recognitionPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./recognition-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: recognitionThreads(),
    idleTimeout: 30_000,
    // A page that still blows up costs a worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  return pool;
}

export function recogniseOffThread(input: RecognitionInput): Promise<RecognitionOutput> {
  return recognitionPool().run(input, { signal: AbortSignal.timeout(120_000) });
}

export async function closeRecognitionPool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
