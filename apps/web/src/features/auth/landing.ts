import type { StoredUser } from '@huikao/contracts';
import { decideRoute, TEMP_MARKER_HOME } from '../../layout/route-guard-rules.ts';
import { homePathFor } from '../../lib/areas.ts';

/** Pages a login must never bounce back to. */
const NOT_A_LANDING = new Set(['/login', '/autoLogin']);
const ORIGIN = 'https://landing.invalid';

/**
 * Where a user goes after signing in: the `redirect` parameter when it is a same-origin path the
 * guard would let this user open, else their area (spec §2). Anything else (another origin,
 * `//host`, a page of another area) is ignored so a crafted link cannot send the user elsewhere.
 */
export function landingPath(user: Pick<StoredUser, 'type' | 'tempMarker'>, redirect: string | null): string {
  const home = user.tempMarker ? TEMP_MARKER_HOME : homePathFor(user.type);
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return home;
  let target: URL;
  try {
    target = new URL(redirect, ORIGIN);
  } catch {
    return home;
  }
  if (target.origin !== ORIGIN || NOT_A_LANDING.has(target.pathname)) return home;
  const decision = decideRoute({ path: target.pathname, hasCookie: true, storedUser: user });
  return decision.kind === 'allow' ? `${target.pathname}${target.search}${target.hash}` : home;
}
