// The parse worker (Piscina, started by parse-worker.ts). The server runs TypeScript through tsx in
// every mode (npm start, npm run dev, vitest), and a worker thread does not inherit a loader
// registered in the main thread, so the worker registers tsx itself before importing the parser.
import { register } from 'tsx/esm/api';

register();

/** Runs one exported parser; an AppError (a refusal in Chinese) is sent back as data, since a thrown error loses its class crossing threads. */
export default async function parse({ moduleUrl, exportName, args }) {
  const parser = (await import(moduleUrl))[exportName];
  if (typeof parser !== 'function') throw new Error(`parse worker: ${moduleUrl} has no export ${exportName}`);
  try {
    return { value: await parser(...args.map(asBuffer)) };
  } catch (error) {
    if (error?.name !== 'AppError') throw error;
    const { status, message, httpStatus, detail } = error;
    return { refusal: { status, message, httpStatus, detail } };
  }
}

/** Buffers arrive as plain Uint8Arrays (structured clone); parsers expect Buffers. */
function asBuffer(arg) {
  return arg instanceof Uint8Array && !Buffer.isBuffer(arg)
    ? Buffer.from(arg.buffer, arg.byteOffset, arg.byteLength)
    : arg;
}
