import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { Area } from './areas.ts';

/** A page of a section, as the area layout's menu draws it. */
export interface MenuPage {
  path: string;
  title: string;
  /** The heading the side menu lists the page under (年级, 班级 …); none: listed without one. */
  group?: string;
  /** Listed only while this school setting is on (menu-flags.ts). */
  flag?: MenuFlag;
}

/** School settings that show or hide a menu page (a school without majors has no 专业课程 page). */
export type MenuFlag = 'majors';

/** A section of an area (考试阅卷, 学情分析 …) and its pages; full paths. */
export interface MenuSection {
  path: string;
  title: string;
  pages: MenuPage[];
}

/** What every route of spec §2 carries in `handle`. */
export interface RouteHandle {
  /** The spec's route name (`know-topic`, `examMark` …). */
  name: string;
  /** Chinese title: the page title is `<platform name> - <title>` (spec §1). */
  title: string;
  /** The side menu's heading for the page (a long section's pages are grouped, #22). */
  menuGroup?: string;
  /** The page is listed in the menu only while this school setting is on. */
  menuFlag?: MenuFlag;
  /** The screen is not built yet and renders the shared ComingSoon page (components/coming-soon-route.ts). */
  comingSoon?: boolean;
  /** Set on an area root: the area its layout draws, and the menu built from its sections. */
  area?: Area;
  menu?: MenuSection[];
}

export function routeHandle(route: { handle?: unknown }): RouteHandle | undefined {
  const handle = route.handle as Partial<RouteHandle> | undefined;
  return handle && typeof handle.name === 'string' && typeof handle.title === 'string'
    ? (handle as RouteHandle)
    : undefined;
}

/**
 * An index route that redirects (spec §2 `redirects to`), before any guard or rendering happens, as
 * the original router did; the query string is kept.
 */
export function redirectIndex(to: string): RouteObject {
  // `element: null`: the loader always redirects, nothing is ever drawn (and React Router stops warning).
  return {
    index: true,
    loader: ({ request }: LoaderFunctionArgs) => redirect(to + new URL(request.url).search),
    element: null,
  };
}

/** A section route (e.g. `examMark`) whose index redirects to its first page. */
export function sectionRoute(path: string, title: string, home: string, pages: RouteObject[]): RouteObject {
  return { path, handle: { name: path, title } satisfies RouteHandle, children: [redirectIndex(home), ...pages] };
}

export interface AreaRouteOptions {
  area: Area;
  title: string;
  home: string;
  lazy: RouteObject['lazy'];
  sections: RouteObject[];
}

/** An area root (`/teacher` …): lazily loaded layout, index redirect, and the menu derived from its sections. */
export function areaRoute({ area, title, home, lazy, sections }: AreaRouteOptions): RouteObject {
  const menu = sections.map((section) => menuSection(`/${area}`, section));
  const handle: RouteHandle = { name: area, title, area, menu };
  return { path: `/${area}`, handle, lazy, children: [redirectIndex(home), ...sections] } as RouteObject;
}

function menuSection(parentPath: string, section: RouteObject): MenuSection {
  const path = `${parentPath}/${section.path}`;
  const pages = (section.children ?? []).flatMap((page) => {
    const handle = routeHandle(page);
    if (!page.path || !handle) return [];
    const entry: MenuPage = { path: `${path}/${page.path}`, title: handle.title };
    if (handle.menuGroup) entry.group = handle.menuGroup;
    if (handle.menuFlag) entry.flag = handle.menuFlag;
    return [entry];
  });
  return { path, title: routeHandle(section)?.title ?? String(section.path), pages };
}

export interface FlatRoute {
  /** Full path; index routes have their parent's path. */
  fullPath: string;
  route: RouteObject;
  handle: RouteHandle | undefined;
}

/** Every route of a tree with its full path, parents before children. */
export function flattenRoutes(routes: RouteObject[], parentPath = ''): FlatRoute[] {
  return routes.flatMap((route) => {
    const fullPath = joinPath(parentPath, route.index ? '' : (route.path ?? ''));
    const own: FlatRoute = { fullPath, route, handle: routeHandle(route) };
    return [own, ...flattenRoutes(route.children ?? [], fullPath)];
  });
}

function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (!child) return parent || '/';
  return `${parent === '/' ? '' : parent}/${child}`;
}

/** A section's pages under their headings, in order of first appearance; pages without one stand alone. */
export function groupedPages(pages: readonly MenuPage[]): { group: string | null; pages: MenuPage[] }[] {
  const groups: { group: string | null; pages: MenuPage[] }[] = [];
  for (const page of pages) {
    const group = page.group ?? null;
    const existing = group === null ? undefined : groups.find((g) => g.group === group);
    if (existing) existing.pages.push(page);
    else groups.push({ group, pages: [page] });
  }
  return groups;
}

/** The menu without the pages whose school setting is off. */
export function visibleMenu(menu: readonly MenuSection[], flags: Readonly<Record<MenuFlag, boolean>>): MenuSection[] {
  return menu.map((section) => ({
    ...section,
    pages: section.pages.filter((page) => page.flag === undefined || flags[page.flag]),
  }));
}
