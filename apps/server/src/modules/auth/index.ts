// The auth module's only public door: accounts, sessions, login tickets and the audit log.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import type { SchoolBaseService } from '../school-base/index.ts';
import { type LoginLimits, registerAuthRoutes } from './routes.ts';
import { createAuthService } from './service.ts';
import { createSessionResolver, pruneExpired } from './sessions.ts';
import { createTokenSigner } from './tokens.ts';

export {
  type AccountSpec,
  disableAccount,
  loginNamesTaken,
  recordAudit,
  resetPassword,
  restoreAccount,
  updateAccount,
  upsertAccounts,
} from './accounts.ts';
export { hashIssuedPasswords, hashPassword } from './password-hash.ts';
export { ensureUser, type NewUser } from './repo.ts';
export { type AuthService, LOCKOUT } from './service.ts';

export function createAuthModule(db: Db, jwtSecret: string, schoolBase: SchoolBaseService) {
  const signer = createTokenSigner(jwtSecret);
  const service = createAuthService(db, signer, schoolBase);
  return {
    service,
    sessions: createSessionResolver(db, signer, schoolBase),
    audit: service.audit,
    pruneExpired: () => pruneExpired(db),
    routes: (app: FastifyInstance, limits: LoginLimits) => registerAuthRoutes(app, service, schoolBase, limits),
  };
}
