import path from 'node:path';
import { textSchema } from '@huikao/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badInput, protocolRefusal } from './errors.ts';

// Files in and out of an endpoint (protocol.md): multipart uploads with a size and type limit per
// upload kind, and file responses that are the file itself with a UTF-8 Content-Disposition.

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What a handler returns to answer with a file instead of the JSON envelope. */
export class FileResult {
  constructor(
    readonly fileName: string,
    readonly contentType: string,
    readonly body: Buffer,
  ) {}
}

/**
 * `attachment` with the real (Chinese) name as RFC 5987 `filename*` and a plain ASCII fallback
 * for old clients; the fallback keeps the extension so the file still opens.
 */
export function contentDisposition(fileName: string): string {
  const extension = path.extname(fileName).replace(/[^A-Za-z0-9.]/g, '');
  const stem = fileName
    .slice(0, fileName.length - path.extname(fileName).length)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\;]/g, '')
    .replace(/^[\s._-]+|[\s._-]+$/g, '');
  const fallback = `${stem || 'download'}${extension}`;
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** The uploaded file as a handler sees it. */
export interface Upload {
  fileName: string;
  mimeType: string;
  buffer: Buffer;
}

/** Limits of one upload kind. */
export interface UploadRule {
  maxBytes: number;
  /** Lowercase extensions with the dot, e.g. ['.xlsx']. */
  extensions: readonly string[];
  /** Said when the name's extension is not one of them. */
  typeMessage: string;
}

const fileNameSchema = textSchema('文件名', { max: 255, trim: false });

/** The plugin-wide ceiling (app.ts); a route's rule may only be stricter. */
export const MULTIPART_LIMITS = { fileSize: 20 * 1024 * 1024, files: 1, fields: 20, parts: 21 } as const;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * Reads one multipart request: the single file into memory (bounded by the rule) and the text
 * fields. Refusals: not multipart or no file → 400 envelope; too large or too many parts → HTTP 413.
 */
export async function readUpload(
  request: FastifyRequest,
  rule: UploadRule,
): Promise<{ upload: Upload; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badInput('请以 multipart/form-data 方式上传文件', { field: 'file' });
  const fields: Record<string, string> = {};
  let upload: Upload | undefined;
  try {
    for await (const part of request.parts({ limits: { ...MULTIPART_LIMITS, fileSize: rule.maxBytes } })) {
      if (part.type === 'file') {
        // Always drain the stream, or busboy never reaches the parts after it.
        const buffer = await part.toBuffer();
        upload ??= { fileName: part.filename, mimeType: part.mimetype, buffer };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw uploadRefusal(error, rule);
  }
  if (!upload?.fileName) throw badInput('请选择要上传的文件', { field: 'file' });
  // The name is stored and shown like any text parameter, so it follows the same text rules.
  const name = fileNameSchema.safeParse(upload.fileName);
  if (!name.success) throw badInput(name.error.issues[0]?.message ?? '文件名不正确', { field: 'file' });
  if (!rule.extensions.includes(path.extname(upload.fileName).toLowerCase())) {
    throw badInput(rule.typeMessage, { field: 'file' });
  }
  return { upload, fields };
}

function uploadRefusal(error: unknown, rule: UploadRule): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return protocolRefusal(413, `文件过大：最大 ${megabytes(rule.maxBytes)}`);
    case 'FST_FILES_LIMIT':
      return protocolRefusal(413, '一次只能上传一个文件');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return protocolRefusal(413, '上传的表单字段过多');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badInput('请以 multipart/form-data 方式上传文件', { field: 'file' });
  }
  if (error instanceof AppError) return error;
  if (error instanceof Error && /multipart|Unexpected end|terminated early/i.test(error.message)) {
    return protocolRefusal(400, '上传的数据不完整或格式错误，请重新上传');
  }
  return error;
}
