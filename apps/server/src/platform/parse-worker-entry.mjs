// The parse worker (Piscina, started by parse-worker.ts). In development and tests the server runs
// TypeScript through tsx, and a worker thread does not inherit a loader registered in the main
// thread, so the worker registers tsx itself before importing a .ts parser. The compiled server
// (apps/server/dist, npm start) hands it .js parsers and needs no loader.
let tsxRegistered = false;
async function loadable(moduleUrl) {
  if (!tsxRegistered && moduleUrl.endsWith('.ts')) {
    const { register } = await import('tsx/esm/api');
    register();
    tsxRegistered = true;
  }
  return moduleUrl;
}

/** Runs one exported parser; an AppError (a refusal in Chinese) is sent back as data, since a thrown error loses its class crossing threads. */
export default async function parse({ moduleUrl, exportName, args }) {
  const parser = (await import(await loadable(moduleUrl)))[exportName];
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
