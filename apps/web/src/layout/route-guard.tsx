import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearSession, hasSessionCookie, readStoredUser, renewSessionCookie } from '../lib/session.ts';
import { decideRoute } from './route-guard-rules.ts';

export interface RouteGuardProps {
  children: ReactNode;
}

/**
 * Applies the spec §2 guard on every navigation. The decision is made while rendering, so a
 * refused page is never drawn, not even for one frame; the side effects follow in effects.
 */
export function RouteGuard({ children }: RouteGuardProps) {
  const location = useLocation();
  const decision = decideRoute({
    path: location.pathname,
    search: location.search,
    hasCookie: hasSessionCookie(),
    storedUser: readStoredUser(),
  });
  const allowed = decision.kind === 'allow';
  const clearCookie = decision.clearCookie === true;

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger: rule 3 renews on every route change.
  useEffect(() => {
    if (!allowed) return;
    // Rule 3 (renewal), or rule 4 on /login (cookie without stored user).
    if (clearCookie) clearSession();
    else renewSessionCookie();
  }, [location.key, allowed, clearCookie]);

  if (decision.kind === 'redirect') return <GuardRedirect to={decision.to} clear={clearCookie} />;
  return children;
}

function GuardRedirect({ to, clear }: { to: string; clear: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    // Rules 4 and 7: the session goes before the navigation, so /login sees a signed-out user.
    if (clear) clearSession();
    navigate(to, { replace: true });
  }, [navigate, to, clear]);
  return null;
}
