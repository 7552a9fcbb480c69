import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { SERVICE_PREFIX } from '@huikao/contracts';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = Object.values(SERVICE_PREFIX).filter((prefix) => prefix !== '');

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`)) || url.startsWith('/healthz');
}

/**
 * Serves the built web app. Any other GET that wants HTML gets index.html, so the
 * browser router handles /teacher/... and sends unknown paths to /404 itself.
 */
export async function registerStaticWeb(app: FastifyInstance, webDist: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: only the APIs are served (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      // Vite puts a content hash in asset names, so they can be cached for good.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (isApiPath(url) || path.extname(url) !== '') {
      return reply.code(404).send({ status: 404, message: `接口或文件不存在：${url}`, data: null });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
  return true;
}
