import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, type MenuProps, Tabs } from 'antd';
import { useEffect } from 'react';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { useAppStore } from '../lib/app-store.ts';
import type { Area } from '../lib/areas.ts';
import { useMenuFlags } from '../lib/menu-flags.ts';
import { groupedPages, type MenuSection, routeHandle, visibleMenu } from '../lib/route-kit.ts';
import { readStoredUser } from '../lib/session.ts';
import { AppFooter } from './app-footer.tsx';
import { AppHeader } from './app-header.tsx';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { CurrentSelectionControl } from './current-selection-control.tsx';
import { confirmLogout } from './logout.ts';

export interface AreaLayoutProps {
  area: Area;
}

function isWithin(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The shell of a signed-in area: header (with the section menu, except for students), the current
 * section's pages in a side menu, the page, the footer and the change-password dialog.
 */
export function AreaLayout({ area }: AreaLayoutProps) {
  const { pathname } = useLocation();
  const flags = useMenuFlags(area);
  const menu = visibleMenu(
    useMatches()
      .map(routeHandle)
      .find((handle) => handle?.area === area)?.menu ?? [],
    flags,
  );
  const section = menu.find((candidate) => isWithin(pathname, candidate.path));
  const user = readStoredUser();
  const changePassword = useAppStore((state) => state.changePassword);
  const openChangePassword = useAppStore((state) => state.openChangePassword);
  const closeChangePassword = useAppStore((state) => state.closeChangePassword);
  const mustChangePassword = user?.mustChangePsw === true;

  useEffect(() => {
    // An administrator reset the password: the user changes it before anything else (roles-and-permissions.md).
    if (mustChangePassword) openChangePassword(true);
  }, [mustChangePassword, openChangePassword]);

  const showMenu = area !== 'student';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        area={area}
        sections={showMenu ? menu : []}
        activeSectionPath={section?.path}
        userName={user?.name ?? ''}
        onChangePassword={() => openChangePassword(false)}
        selectionControl={area === 'teacher' && !mustChangePassword ? <CurrentSelectionControl /> : null}
      />
      <Layout>
        {showMenu && section ? <SectionSider section={section} pathname={pathname} /> : null}
        <Layout.Content style={{ padding: 24, minWidth: 0 }}>
          {showMenu ? null : <StudentTabs sections={menu} pathname={pathname} />}
          {/* The server answers 403 to everything but the change itself until then: no page asks it anything. */}
          {mustChangePassword ? null : <Outlet />}
        </Layout.Content>
      </Layout>
      <AppFooter />
      <ChangePasswordDialog
        open={changePassword.open}
        forced={changePassword.forced}
        user={user}
        onClose={closeChangePassword}
        onLogout={confirmLogout}
      />
    </Layout>
  );
}

/** The side menu's items: pages under their group headings (年级 / 班级 …) where the section has them. */
export function sectionMenuItems(section: MenuSection): NonNullable<MenuProps['items']> {
  const item = (page: MenuSection['pages'][number]) => ({
    key: page.path,
    label: <Link to={page.path}>{page.title}</Link>,
  });
  type Items = NonNullable<MenuProps['items']>;
  return groupedPages(section.pages).flatMap(
    ({ group, pages }): Items =>
      group === null
        ? pages.map(item)
        : [{ type: 'group', key: `group:${group}`, label: group, children: pages.map(item) }],
  );
}

/**
 * The section's pages. The collapse control sits at the top of the menu, in the flow: antd's own
 * trigger is fixed to the bottom of the window and covered the last items of a long menu (#22).
 * The sider keeps to the window's height and scrolls on its own.
 */
function SectionSider({ section, pathname }: { section: MenuSection; pathname: string }) {
  const collapsed = useAppStore((state) => state.siderCollapsed);
  const setCollapsed = useAppStore((state) => state.setSiderCollapsed);
  const selected = section.pages.find((page) => isWithin(pathname, page.path));
  return (
    <Layout.Sider
      theme="light"
      width={208}
      collapsible
      collapsed={collapsed}
      trigger={null}
      style={{ position: 'sticky', top: 0, alignSelf: 'flex-start', maxHeight: '100vh', overflowY: 'auto' }}
    >
      <Button
        type="text"
        block
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        aria-label={collapsed ? '展开菜单' : '收起菜单'}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed(!collapsed)}
        style={{ height: 40, borderRadius: 0 }}
      >
        {collapsed ? null : '收起菜单'}
      </Button>
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected.path] : []}
        items={sectionMenuItems(section)}
        style={{ borderInlineEnd: 'none' }}
      />
    </Layout.Sider>
  );
}

/** Students have no menu (spec §1); their few pages are tabs inside the content area. */
function StudentTabs({ sections, pathname }: { sections: MenuSection[]; pathname: string }) {
  const navigate = useNavigate();
  const pages = sections.flatMap((section) => section.pages);
  const active = pages.find((page) => isWithin(pathname, page.path));
  return (
    <Tabs
      activeKey={active?.path}
      onChange={(path) => navigate(path)}
      items={pages.map((page) => ({ key: page.path, label: page.title }))}
    />
  );
}
