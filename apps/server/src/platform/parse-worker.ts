import { Piscina } from 'piscina';
import { AppError, badInput } from './errors.ts';

// Parsing an upload (ExcelJS, mammoth) is seconds of CPU for a large file; on the main thread it
// would stop every other request meanwhile. Parsers therefore run in a small pool of worker threads
// (Piscina), each with its own heap ceiling, so a file that still manages to blow up costs a worker,
// not the server. The pool starts on first use and its idle threads end after a while.

/** Threads beside the main one; the server shares its cores with the database. */
const MAX_THREADS = 2;
const IDLE_MS = 30_000;
/** Whatever passed the upload limits parses within this on a loaded machine. */
const PARSE_TIMEOUT_MS = 120_000;
/** A worker's old-generation heap: the largest allowed score workbook fits with room to spare. */
const WORKER_HEAP_MB = 1536;

let pool: Piscina | null = null;

function parsePool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./parse-worker-entry.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: MAX_THREADS,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return pool;
}

type Outcome<R> =
  | { value: R }
  | { refusal: { status: number; message: string; httpStatus: number; detail?: Record<string, unknown> } };

/**
 * The same parser, run in a worker thread. `moduleUrl` is the parser's own module
 * (`import.meta.url` where it is declared), and the parser must be that module's export of the
 * same name. Arguments and results cross by structured clone (Buffers arrive as Buffers again).
 */
export function offThread<Args extends unknown[], Result>(
  moduleUrl: string,
  parser: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  const exportName = parser.name;
  return async (...args) => {
    let outcome: Outcome<Result>;
    try {
      outcome = await parsePool().run(
        { moduleUrl, exportName, args },
        { signal: AbortSignal.timeout(PARSE_TIMEOUT_MS) },
      );
    } catch (error) {
      throw workerFailure(error);
    }
    if ('refusal' in outcome) {
      const { status, message, httpStatus, detail } = outcome.refusal;
      throw new AppError(status, message, httpStatus, detail);
    }
    return outcome.value;
  };
}

function workerFailure(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return badInput('文件内容过多，无法读取，请拆分后分批导入', { field: 'file' });
  }
  if ((error as { name?: string }).name === 'AbortError') {
    return badInput('文件解析超时，请检查文件内容或拆分后分批导入', { field: 'file' });
  }
  return error;
}

/** Ends the pool's threads (app close); the next parse starts a new pool. */
export async function closeParseWorkers(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
