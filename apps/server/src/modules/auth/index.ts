// The auth module's only public door: accounts, sessions and login tickets. It sits below every
// other module; what it needs of the school base data comes in as a SchoolDirectory.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db.ts';
import { type LoginLimits, registerAuthRoutes } from './routes.ts';
import type { SchoolDirectory } from './school-directory.ts';
import { createAuthService } from './service.ts';
import { createSessionResolver, pruneExpired } from './sessions.ts';
import type { SsoConfig } from './sso/config.ts';
import { registerSsoRoutes } from './sso/routes.ts';
import { createSsoService } from './sso/service.ts';
import { createTokenSigner } from './tokens.ts';

const NO_SSO: SsoConfig = { providers: [], redirectBase: null, production: false };

export {
  type AccountSpec,
  createTemporaryAccounts,
  disableAccount,
  loginNamesTaken,
  resetPassword,
  restoreAccount,
  type TemporaryAccountSpec,
  temporaryAccount,
  temporaryAccountsOf,
  updateAccount,
  upsertAccounts,
} from './accounts.ts';
export { hashIssuedPasswords, hashPassword } from './password-hash.ts';
export { ensureUser, type NewUser } from './repo.ts';
export type { SchoolDirectory, UserCentre } from './school-directory.ts';
export { type AuthService, LOCKOUT } from './service.ts';
export { type SsoConfig, ssoConfigFrom } from './sso/config.ts';

export function createAuthModule(db: Db, jwtSecret: string, schools: SchoolDirectory, sso: SsoConfig = NO_SSO) {
  const signer = createTokenSigner(jwtSecret);
  const service = createAuthService(db, signer, schools);
  const single = createSsoService(db, signer, sso);
  return {
    service,
    sessions: createSessionResolver(db, signer, schools),
    pruneExpired: () => pruneExpired(db),
    routes: (app: FastifyInstance, limits: LoginLimits) => {
      registerAuthRoutes(app, service, schools, limits);
      registerSsoRoutes(app, single);
    },
  };
}
