import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID Connect provider in-process (oidc-provider) for the single sign-on tests (#19 part 4):
// discovery, authorization with its own login form (dev interactions), PKCE required, tokens, ID
// token signed with its own keys, userinfo. Consent is granted on login (a school's own provider
// asks no consent of its users). Accounts are by id with the claims the platform matches on.

export interface TestAccount {
  name: string;
  phone_number?: string;
  employee_number?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the client's callback; call once the platform's address is known. */
  start(redirectUri: string): void;
  close(): Promise<void>;
}

/** Listens on a free port first (the issuer needs it); the provider itself is made by `start`. */
export async function startTestOidcProvider(accounts: Record<string, TestAccount>): Promise<TestOidcProvider> {
  let handler: ((req: never, res: never) => void) | null = null;
  const server: Server = createServer((req, res) => {
    if (!handler) {
      res.statusCode = 503;
      res.end('provider not started');
      return;
    }
    handler(req as never, res as never);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'huikao';
  const clientSecret = 'huikao-test-client-secret-0123456789';
  return {
    issuer,
    clientId,
    clientSecret,
    start(redirectUri: string) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        pkce: { methods: ['S256'], required: () => true },
        claims: { openid: ['sub'], profile: ['name'], phone: ['phone_number'], employee: ['employee_number'] },
        scopes: ['openid', 'profile', 'phone', 'employee'],
        cookies: { keys: ['huikao-test-cookie-key'] },
        findAccount: (_ctx, id) =>
          accounts[id] ? { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) } : undefined,
        async loadExistingGrant(ctx) {
          const grant = new ctx.oidc.provider.Grant({
            clientId: ctx.oidc.client!.clientId,
            accountId: ctx.oidc.session!.accountId!,
          });
          grant.addOIDCScope('openid profile phone employee');
          await grant.save();
          return grant;
        },
      });
      handler = provider.callback() as never;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
