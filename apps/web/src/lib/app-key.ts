/**
 * The development default of the server's APP_KEY (protocol.md): it encrypts the calls made
 * before login (user/userLogin, user/autoLogin). The server refuses to start in production with it.
 */
export const DEV_APP_KEY = 'HuiKaoCloudDevAppKey0123456789ab';

/**
 * The server's APP_KEY, which it writes into the index.html it serves (`<meta name="app-key">`),
 * so the bundle carries no key and one setting serves both. The Vite dev server's page has no such
 * tag: there the API server runs with the development default (or vite.config.ts injects APP_KEY).
 */
export function appKey(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="app-key"]')?.content || DEV_APP_KEY;
}
