import type { StoredUser } from '@huikao/contracts';
import { areaOfPath, areaOfType, homePathFor } from '../lib/areas.ts';

/** Spec §2 detail pages: open to every signed-in user whatever the area (/answerSheet even without a session). */
export const DETAIL_PATHS: readonly string[] = [
  '/findStudentDetailPaper',
  '/markDetail',
  '/makeExamDetailInfo',
  '/answerSheet',
  '/markCensorInfo',
  '/analysis-manager-single-detail-info',
  '/examTemplateInfo',
];

/**
 * Always allowed: /autoLogin and /answerSheet by spec §2; the error pages too, because a signed-out
 * visitor (or one sent to /403 by the server) must be able to read why, not be bounced to /login.
 */
export const UNGUARDED_PATHS: readonly string[] = [
  '/autoLogin',
  '/answerSheet',
  '/403',
  '/404',
  '/500',
  '/noexam',
  // The first-run page (issue #20): nobody can sign in before the platform has a school.
  '/setup',
];

export const TEMP_MARKER_HOME = '/teacher/examMark/my-mark-task';
const TEMP_MARKER_PATHS = [TEMP_MARKER_HOME, '/markDetail', '/403', '/404'];

export interface RouteGuardInput {
  path: string;
  /** The query string including `?`, kept in the redirect parameter. */
  search?: string;
  hasCookie: boolean;
  storedUser: Pick<StoredUser, 'type' | 'tempMarker'> | null;
}

export type RouteDecision =
  /** `clearCookie` when the visit is fine but the session is broken (cookie without stored user on /login). */
  { kind: 'allow'; clearCookie?: boolean } | { kind: 'redirect'; to: string; clearCookie?: boolean };

const allow: RouteDecision = { kind: 'allow' };

function normalize(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}

/**
 * The route guard of spec §2 as a pure function; the RouteGuard component applies it on every
 * navigation and performs the side effects (cookie renewal and removal).
 */
export function decideRoute({ path: rawPath, search = '', hasCookie, storedUser }: RouteGuardInput): RouteDecision {
  const path = normalize(rawPath);
  // Rule 1.
  if (UNGUARDED_PATHS.includes(path)) return allow;
  // Rule 2: /login itself is where signed-out users belong.
  if (!hasCookie) {
    if (path === '/login') return allow;
    return { kind: 'redirect', to: `/login?redirect=${encodeURIComponent(path + search)}` };
  }
  // Rule 3 (renewal) is the component's side effect. Rule 4:
  if (!storedUser) {
    if (path === '/login') return { kind: 'allow', clearCookie: true };
    return { kind: 'redirect', to: '/login', clearCookie: true };
  }
  const userArea = areaOfType(storedUser.type);
  // A temporary marker account (tempUsers) opens only its tasks and the desk; the server refuses the rest.
  if (storedUser.tempMarker && !TEMP_MARKER_PATHS.includes(path)) return { kind: 'redirect', to: TEMP_MARKER_HOME };
  // Rule 5.
  if (path === '/login') {
    return userArea ? { kind: 'redirect', to: homePathFor(storedUser.type) } : { kind: 'allow', clearCookie: true };
  }
  // Rule 6.
  if (DETAIL_PATHS.includes(path)) return allow;
  if (userArea !== null && areaOfPath(path) === userArea) return allow;
  // Rule 7.
  return { kind: 'redirect', to: '/login', clearCookie: true };
}
