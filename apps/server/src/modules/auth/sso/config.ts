// Single sign-on providers (#19 part 4), configured by environment (docs/deployment.md):
//   SSO_PROVIDERS=xf,school57                  the providers, in login-page order
//   SSO_<ID>_ISSUER=https://id.example.edu.cn  OIDC issuer (discovery at /.well-known/openid-configuration)
//   SSO_<ID>_CLIENT_ID=…  SSO_<ID>_CLIENT_SECRET=…
//   SSO_<ID>_NAME=智慧校园                       the button's label (default: the id)
//   SSO_<ID>_CODE_CLAIM=employee_number         the claim holding the 工号 matched on first login
//   SSO_<ID>_SCOPE=openid profile phone          the scopes asked for (add the one that releases the 工号 claim)
//   SSO_REDIRECT_BASE=https://exam.example.edu.cn   where the provider sends the browser back
//     (default: the request's own origin); the callback is <base>/analysis/api/teacher/exam/oauthToken57.
// An http:// issuer is accepted only outside production (a local provider in development and tests).

export interface SsoProvider {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  codeClaim: string;
  scope: string;
}

export interface SsoConfig {
  providers: SsoProvider[];
  redirectBase: string | null;
  production: boolean;
}

export function ssoConfigFrom(env: NodeJS.ProcessEnv): SsoConfig {
  const ids = (env.SSO_PROVIDERS ?? '')
    .split(',')
    .map((id) => id.trim().toLowerCase())
    .filter(Boolean);
  const production = env.NODE_ENV === 'production';
  const providers = ids.map((id): SsoProvider => {
    const key = (name: string) => env[`SSO_${id.toUpperCase()}_${name}`]?.trim() ?? '';
    const provider = {
      id,
      name: key('NAME') || id,
      issuer: key('ISSUER'),
      clientId: key('CLIENT_ID'),
      clientSecret: key('CLIENT_SECRET'),
      codeClaim: key('CODE_CLAIM') || 'employee_number',
      scope: key('SCOPE') || 'openid profile phone',
    };
    if (!/^[a-z0-9]{1,20}$/.test(id))
      throw new Error(`SSO_PROVIDERS: provider id "${id}" must be 1–20 letters or digits`);
    if (!provider.issuer || !provider.clientId) {
      throw new Error(`SSO provider ${id}: SSO_${id.toUpperCase()}_ISSUER and _CLIENT_ID are required`);
    }
    if (production && !provider.issuer.startsWith('https://')) {
      throw new Error(`SSO provider ${id}: the issuer must be https:// in production`);
    }
    return provider;
  });
  return { providers, redirectBase: env.SSO_REDIRECT_BASE?.replace(/\/+$/, '') || null, production };
}
