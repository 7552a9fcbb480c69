import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler.ts';

// Issue #21 item 1 (c): the process survives a bug. Node's default for an unhandled rejection is
// to exit; the guards of main.ts log it and keep serving.

const guards = fileURLToPath(new URL('./process-guards.ts', import.meta.url));

function runChild(withGuards: boolean) {
  const script = `
    const { guardProcess } = await import(${JSON.stringify(guards)});
    const log = { error: (d, m) => console.log('logged:', m, d.err.message), fatal: (d, m) => console.log('fatal:', m) };
    if (${withGuards}) guardProcess(log);
    Promise.reject(new Error('invalid input syntax for type bigint'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    console.log('still serving');
  `;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe('process guards', () => {
  it('an unhandled rejection is logged and the process keeps serving', () => {
    const child = runChild(true);
    expect(child.stdout).toContain('logged: unhandled rejection (kept serving) invalid input syntax for type bigint');
    expect(child.stdout).toContain('still serving');
    expect(child.status).toBe(0);
  });

  it('without the guards Node would have stopped (the case the guards are for)', () => {
    const child = runChild(false);
    expect(child.stdout).not.toContain('still serving');
    expect(child.status).not.toBe(0);
  });

  it('a route that throws answers 500 with a Chinese message and no stack trace', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('secret detail at internal.ts:12');
    });
    app.get('/boom-value', async () => {
      throw 'not even an Error';
    });
    for (const url of ['/boom', '/boom-value']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ status: 500, message: '服务器内部错误，请稍后重试', data: null });
    }
    const after = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(after.statusCode).toBe(404);
    await app.close();
  });
});
