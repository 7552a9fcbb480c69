import { existsSync, readFileSync } from 'node:fs';
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
/** The built page with the pre-login key the web encrypts with (apps/web/src/lib/app-key.ts). */
export function pageWithAppKey(html: string, appKey: string): string {
  const entities: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
  const escaped = appKey.replace(/[&"<>]/g, (c) => entities[c]!);
  return html.replace('</head>', `  <meta name="app-key" content="${escaped}" />\n  </head>`);
}

export async function registerStaticWeb(app: FastifyInstance, webDist: string, appKey: string): Promise<boolean> {
  const index = path.join(webDist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ webDist }, 'web app not built: only the APIs are served (run npm run build)');
    return false;
  }
  // The key is the server's APP_KEY at run time: no rebuild when it changes, no key in the bundle.
  const page = pageWithAppKey(readFileSync(index, 'utf8'), appKey);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // assets/*.br and *.gz written at build (scripts/web-build.mjs), chosen by Accept-Encoding.
    preCompressed: true,
    // Only with its key, from the route below.
    allowedPath: (pathName) => pathName !== '/index.html',
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
    return reply.type('text/html; charset=utf-8').send(page);
  });
  return true;
}
