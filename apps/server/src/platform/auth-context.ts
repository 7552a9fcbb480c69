import type { UserType } from '@huikao/contracts';

/** The logged-in caller, resolved from the jwtToken and its server-side session. */
export interface Actor {
  userId: number;
  loginName: string;
  name: string;
  type: UserType;
  schoolId: number;
  userCode: string;
  sessionId: number;
  /** The session's AES key (protocol.md); never logged. */
  token: string;
  /** Schools the actor may read: their own, or for type 4 the schools of their relations. */
  schoolIds: readonly number[];
  /**
   * Still on an initial or administrator-reset password: until it is changed, only the calls a route
   * opens with `beforePasswordChange` are served (roles-and-permissions.md).
   */
  mustChangePassword?: boolean;
  /** A temporary marker account (tempUsers): only the calls a route opens with `temporaryMarker` are served. */
  temporaryMarker?: boolean;
}

/** Supplied by the auth module; the platform only knows this shape. */
export interface SessionResolver {
  /** Throws a 401 AppError for a missing, invalid, expired or revoked token, or a loginName mismatch. */
  /** `memory`: a session resolved within the last few seconds may be answered from memory. */
  resolve(jwtToken: string | undefined, loginName: string | undefined, options?: { memory?: boolean }): Promise<Actor>;
  /** False when this guid was already used by this login within the replay window. */
  rememberGuid(loginName: string, guid: string): Promise<boolean>;
}

export interface AuditEntry {
  actor: Actor | null;
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Supplied by audit-log.ts, the append-only audit log below every module. */
export type AuditSink = (entry: AuditEntry) => Promise<void>;
