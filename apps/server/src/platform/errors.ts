import { STATUS } from '@huikao/contracts';

/**
 * The one error type of the server. `httpStatus` is the transport code (200 for business
 * failures, 401/403 for access, 4xx for protocol refusals); `status` goes in the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly httpStatus = 200,
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badInput = (message: string, detail?: Record<string, unknown>) =>
  new AppError(STATUS.badInput, message, 200, detail);
export const notFound = (message: string) => new AppError(STATUS.notFound, message);
export const conflict = (message: string) => new AppError(STATUS.conflict, message);
export const ruleBroken = (message: string) => new AppError(STATUS.ruleBroken, message);

/** HTTP 401: the client offers to log in again (spec §8). */
export const unauthenticated = (message: string) => new AppError(401, message, 401);
/** HTTP 403: the client goes to /403. */
export const forbidden = (message = '无权访问该资源') => new AppError(403, message, 403);

/** A refusal of the wire protocol itself (sign, timestamp, replay, body), before any business rule. */
export const protocolRefusal = (httpStatus: number, message: string) => new AppError(httpStatus, message, httpStatus);
