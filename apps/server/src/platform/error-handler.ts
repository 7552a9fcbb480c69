import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, conflict } from './errors.ts';

/** The one error path: every failure becomes the `{status, message, data}` envelope, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.httpStatus >= 400) {
        request.log.info({ status: error.httpStatus, url: request.url, reason: error.message }, 'request refused');
      }
      return reply
        .code(error.httpStatus)
        .send({ status: error.status, message: error.message, data: error.detail ?? null });
    }
    if (databaseCode(error) === '23503') {
      // A row still referred to by another module's rows (scans of an exam, marks of a paper):
      // the owning module refuses first where it can; this is the last guard, never a 500.
      const refusal = conflict('该数据仍被其他记录使用（如扫描答卷、阅卷记录），不能删除或修改；请先处理相关数据');
      request.log.info({ url: request.url }, 'request refused: still referenced');
      return reply.code(refusal.httpStatus).send({ status: refusal.status, message: refusal.message, data: null });
    }
    const known = fastifyErrorMessage(error);
    if (known) {
      request.log.info({ status: known.http, code: error.code, url: request.url }, 'request refused');
      return reply.code(known.http).send({ status: known.http, message: known.message, data: null });
    }
    request.log.error({ err: error, url: request.url }, 'unhandled error');
    return reply.code(500).send({ status: 500, message: '服务器内部错误，请稍后重试', data: null });
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ status: 404, message: `接口不存在：${request.method} ${request.url.split('?')[0]}`, data: null }),
  );
}

/** The PostgreSQL error code, looked up through the ORM's wrapping causes. */
function databaseCode(error: unknown): string | undefined {
  let cause: unknown = error;
  for (let depth = 0; cause && depth < 4; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

function fastifyErrorMessage(error: FastifyError): { http: number; message: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { http: 413, message: '请求体过大，超出上传限制' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { http: 415, message: '不支持的请求内容类型' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { http: 400, message: '请求体为空：应为 JSON' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { http: 400, message: '请求体长度与 Content-Length 不符' };
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return { http: 400, message: '请求体不是有效的 JSON' };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { http: error.statusCode, message: '请求格式错误' };
  }
  return null;
}
