import type { z } from 'zod';

/** The services of spec §7 and their path prefixes (protocol.md). */
export const SERVICE_PREFIX = {
  /** Process-level calls that belong to no spec service: health and the web's start-up settings. */
  platform: '',
  analysis: '/analysis/api',
  schoolbase: '/schoolbase/api',
  mark: '/mark/api',
  tool: '/tool/api',
  file: '/cg_exam_szy',
  subdata: '/subdata/api',
  tiku: '/tiku/api',
  /** The older school service's read-only GETs (school displays, parent portals): cacheable by ETag. */
  schoolcard: '/schoolcard/api',
} as const;

export type Service = keyof typeof SERVICE_PREFIX;

/**
 * How a call travels (protocol.md): `encrypted` is the analysis service's AES hex body,
 * `form` the question bank's uuid envelope, `json` a JSON body, `query` POST with query
 * parameters, `get` GET with query parameters, `multipart` an upload.
 */
export type ProtocolKind = 'encrypted' | 'form' | 'json' | 'query' | 'get' | 'multipart';

/** `public` calls are made before login (encrypted with the app key); `session` calls need a jwtToken. */
export type Access = 'public' | 'session';

export interface Endpoint<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  service: Service;
  /** The spec's own call name, under the service prefix. */
  name: string;
  path: string;
  kind: ProtocolKind;
  access: Access;
  params: P;
  response: R;
  /** Spec §8: business errors of marking, file and school-centre calls are titled 错误. */
  errorTitle?: string;
  /** Whether the web shows the 拼命加载中 overlay while the call runs. */
  loading?: boolean;
}

export function endpoint<P extends z.ZodType, R extends z.ZodType>(
  service: Service,
  name: string,
  spec: Omit<Endpoint<P, R>, 'service' | 'name' | 'path' | 'errorTitle'> & { errorTitle?: string },
): Endpoint<P, R> {
  const titled = service === 'mark' || service === 'tool' || service === 'file' || service === 'schoolbase';
  return {
    service,
    name,
    path: `${SERVICE_PREFIX[service]}/${name}`,
    errorTitle: spec.errorTitle ?? (titled ? '错误' : undefined),
    ...spec,
  };
}

export type ParamsOf<E> = E extends Endpoint<infer P, z.ZodType> ? z.input<P> : never;
export type ResultOf<E> = E extends Endpoint<z.ZodType, infer R> ? z.output<R> : never;

/** Every JSON response: `{ status, message, data }` (protocol.md). */
export interface ResponseEnvelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/** Envelope status codes for business results (HTTP stays 200 for these). */
export const STATUS = {
  ok: 200,
  badInput: 400,
  notFound: 404,
  conflict: 409,
  ruleBroken: 422,
  internal: 500,
} as const;
