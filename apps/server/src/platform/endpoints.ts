import { createHash } from 'node:crypto';
import type { Endpoint, ResultOf } from '@huikao/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './auth-context.ts';
import { AppError, badInput, forbidden } from './errors.ts';
import { contentDisposition, FileResult, readUpload, type Upload, type UploadRule } from './files.ts';
import { authorize, type Permission } from './permissions.ts';
import {
  checkSign,
  checkTimestamp,
  decryptParams,
  encryptedFields,
  formFields,
  jwtTokenOf,
  loginNameOf,
  type SignedFields,
  uuidParams,
} from './protocol.ts';

export interface EndpointContext<A extends Actor | null = Actor> {
  actor: A;
  ip: string;
  request: FastifyRequest;
  /** The uploaded file of a `multipart` endpoint (always present there: a missing file is refused first). */
  upload?: Upload;
}

type Handler<E extends Endpoint, A extends Actor | null> = (
  params: z.output<E['params']>,
  context: EndpointContext<A>,
) => Promise<ResultOf<E>>;

interface RouteOptions {
  bodyLimit?: number;
  /**
   * Served to an account that must still change its initial password: only what the forced change
   * needs (change it, log out, read one's own user info). Every other call answers 403.
   */
  beforePasswordChange?: boolean;
  /**
   * Served to a temporary marker account (tempUsers, marking.md): its own tasks, the desk, its own
   * user info, password change and logout. Every other call answers 403.
   */
  temporaryMarker?: boolean;
  /** Runs before the body is read, e.g. a rate limiter shared by several routes (`app.rateLimit`). */
  onRequest?: onRequestHookHandler;
  /** Size and type limit of a `multipart` endpoint's file (protocol.md). */
  upload?: UploadRule;
  /**
   * A read-only GET answered with an ETag of its envelope: a caller that sends it back in
   * If-None-Match gets 304 and no body. Session and permission are checked first all the same.
   */
  etag?: boolean;
  /**
   * The session check may use the 30-second memory of resolved sessions (auth/session-cache.ts):
   * only for the marking desk's hot calls, whose rights are checked again in their own SQL (the
   * seat). Every other call reads the session, the account and a manager's relations afresh.
   */
  sessionMemory?: boolean;
}

type RouteSpec<E extends Endpoint> =
  | ({ permission: 'public'; handler: Handler<E, null> } & RouteOptions)
  | ({ permission: Permission; handler: Handler<E, Actor> } & RouteOptions);

/**
 * Registers one endpoint from its contract descriptor: the protocol checks of protocol.md
 * for its kind, the session, the permission, zod validation, then one call to the handler.
 * Routes stay free of protocol and validation code. A handler that returns a FileResult
 * answers with the file itself instead of the envelope.
 */
export function registerEndpoint<E extends Endpoint>(app: FastifyInstance, endpoint: E, spec: RouteSpec<E>): void {
  if ((spec.permission === 'public') !== (endpoint.access === 'public')) {
    throw new Error(`${endpoint.path}: permission ${spec.permission} does not fit access ${endpoint.access}`);
  }
  if (endpoint.kind === 'multipart' && (!spec.upload || spec.upload.extensions.length === 0)) {
    throw new Error(`${endpoint.path}: a multipart endpoint names the file types it accepts`);
  }
  app.route({
    method: endpoint.kind === 'get' ? 'GET' : 'POST',
    url: endpoint.path,
    bodyLimit: spec.bodyLimit,
    onRequest: spec.onRequest,
    handler: async (request, reply) => {
      const { platform } = app;
      let actor: Actor | null = null;
      let raw: unknown;

      const signed = signedFieldsOf(endpoint, request);
      if (signed) {
        checkTimestamp(signed.timestamp);
        checkSign(signed);
      }
      if (endpoint.access === 'session') {
        actor = await platform.sessions.resolve(jwtTokenOf(request), signed?.loginName ?? loginNameOf(request), {
          memory: spec.sessionMemory === true,
        });
        // Remembered only once the session is verified, so no caller without one can fill the table.
        // Calls before login are not remembered: their key is the public app key, and a replayed
        // login gains nothing its captured body does not already hold.
        if (signed && !(await platform.sessions.rememberGuid(signed.loginName, signed.guid))) {
          throw new AppError(409, '重复的请求：该 guid 已使用过，请勿重放请求', 409);
        }
      }
      const refused = async (error: unknown) => {
        if (error instanceof AppError && error.httpStatus === 403) {
          await platform.audit({
            actor,
            action: 'permission.refused',
            target: endpoint.path,
            after: { message: error.message },
            ip: request.ip,
          });
        }
        return error;
      };
      if (actor?.mustChangePassword && !spec.beforePasswordChange) {
        throw await refused(forbidden('请先修改初始密码'));
      }
      if (actor?.temporaryMarker && !spec.temporaryMarker) {
        throw await refused(forbidden('临时阅卷账号只能使用阅卷任务相关功能'));
      }
      let upload: Upload | undefined;
      if (endpoint.kind === 'multipart') {
        // Session and role come from the headers: both are checked before a byte of the file is read.
        if (spec.permission !== 'public') {
          try {
            authorize(actor as Actor, spec.permission);
          } catch (error) {
            throw await refused(error);
          }
        }
        const read = await readUpload(request, spec.upload!);
        upload = read.upload;
        raw = { ...(request.query as object), ...read.fields };
      } else if (endpoint.kind === 'encrypted' && signed) {
        raw = decryptParams(signed.payload, actor ? actor.token : platform.appKey);
      } else if (endpoint.kind === 'form' && signed) {
        raw = uuidParams(signed.payload);
      } else if (endpoint.kind === 'json') {
        raw = { ...(request.query as object), ...(isObject(request.body) ? request.body : {}) };
      } else {
        raw = request.query ?? {};
      }

      const parsed = endpoint.params.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || undefined;
        throw badInput(issue?.message ?? '请求参数错误', field ? { field } : undefined);
      }

      const context = { actor, ip: request.ip, request, upload };
      try {
        if (spec.permission !== 'public') {
          authorize(actor as Actor, spec.permission);
        }
        const data = await (spec.handler as Handler<E, Actor | null>)(parsed.data as z.output<E['params']>, context);
        if (data instanceof FileResult) {
          return reply
            .header('content-disposition', contentDisposition(data.fileName))
            .header('cache-control', 'no-store')
            .type(data.contentType)
            .send(data.body);
        }
        const envelope = { status: 200, message: '成功', data: data ?? null };
        if (spec.etag) return sendWithEtag(request, reply, envelope);
        return reply.send(envelope);
      } catch (error) {
        throw await refused(error);
      }
    },
  });
}

/** The envelope with a strong ETag of its JSON, or 304 when the caller already holds that one. */
function sendWithEtag(request: FastifyRequest, reply: FastifyReply, envelope: unknown) {
  const json = JSON.stringify(envelope);
  const tag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  const tags = (held ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''));
  if (held && (tags.includes(tag) || tags.includes('*'))) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}

function signedFieldsOf(endpoint: Endpoint, request: FastifyRequest): SignedFields | null {
  if (endpoint.kind === 'encrypted') return encryptedFields(request);
  if (endpoint.kind === 'form') return formFields(request);
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
