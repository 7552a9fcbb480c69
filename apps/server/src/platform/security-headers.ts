import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Security headers on every response (issue #21 item 9), through @fastify/helmet. The policy is
// what the built web app needs and no more: its own scripts (Vite emits no inline script), styles
// inline as well as its own (antd's CSS-in-JS writes <style> tags; index.html has one), KaTeX fonts
// and small images that Vite may inline as data: URLs, blob: for the files the browser saves or
// shows (lib/download.ts), and no framing by any other page (clickjacking).

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    // Browsers heed it only over HTTPS; this host's own, since a school's other sites under the
    // same domain may still be plain HTTP.
    strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
