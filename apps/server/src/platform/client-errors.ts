import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

// Requests Node's HTTP parser refuses before Fastify sees them (a 100 KB header, a malformed request
// line, a client too slow to send its headers) get the same `{status, message, data}` envelope in
// Chinese as every other refusal (Fastify's own answer is English). Written to the socket by hand,
// as Node does: there is no request or reply object yet.

const REFUSALS: Record<string, { http: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { http: 431, message: '请求头过大，请清除本站 Cookie 后重试' },
  ERR_HTTP_REQUEST_TIMEOUT: { http: 408, message: '请求超时，请重试' },
};
const MALFORMED = { http: 400, message: '请求格式错误' };

/** Fastify's `clientErrorHandler`: answer once with the envelope, then close the connection. */
export function answerClientError(log: FastifyBaseLogger, error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = (error.code && REFUSALS[error.code]) || MALFORMED;
  log.info({ code: error.code, status: refusal.http }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ status: refusal.http, message: refusal.message, data: null });
    socket.write(
      `HTTP/1.1 ${refusal.http} ${http.STATUS_CODES[refusal.http]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
