import {
  FullscreenExitOutlined,
  FullscreenOutlined,
  KeyOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, ConfigProvider, Grid, Layout, Menu, Space } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAppConfig } from '../lib/app-config.ts';
import type { Area } from '../lib/areas.ts';
import type { MenuSection } from '../lib/route-kit.ts';
import { confirmLogout } from './logout.ts';
import { useFullscreen } from './use-fullscreen.ts';

/** Spec §1: blue header, red for students (type 2). */
export const HEADER_COLORS: Record<Area, string> = {
  teacher: '#1677ff',
  school: '#1677ff',
  student: '#d9363e',
};

export interface AppHeaderProps {
  area: Area;
  /** The area's sections; empty hides the menu (students, spec §1). */
  sections: MenuSection[];
  activeSectionPath: string | undefined;
  userName: string;
  onChangePassword: () => void;
  /** Shown before the user's name: the teacher area's current school year and term. */
  selectionControl?: ReactNode;
}

/** Transparent menu on the coloured bar; the nested provider keeps the app's locale and button settings. */
const headerMenuTheme = {
  components: {
    Menu: {
      darkItemBg: 'transparent',
      darkItemColor: 'rgba(255, 255, 255, 0.85)',
      darkItemHoverColor: '#fff',
      darkItemSelectedBg: 'rgba(255, 255, 255, 0.2)',
      darkItemSelectedColor: '#fff',
    },
  },
};

const headerButtonStyle = { color: '#fff' };

export function AppHeader({
  area,
  sections,
  activeSectionPath,
  userName,
  onChangePassword,
  selectionControl,
}: AppHeaderProps) {
  const { platformName } = useAppConfig();
  const { isFullscreen, toggle } = useFullscreen();
  const FullscreenIcon = isFullscreen ? FullscreenExitOutlined : FullscreenOutlined;
  // On a phone (below antd's md, 768 px) the buttons keep their icons and names (aria-label, title)
  // but not their text, so the bar fits a 390 px screen and 退出登录 stays on it (#22).
  const narrow = Grid.useBreakpoint().md === false;
  const label = (text: string) => (narrow ? { 'aria-label': text, title: text } : { children: text });

  return (
    <Layout.Header
      data-testid="app-header"
      data-area={area}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: narrow ? 8 : 24,
        padding: narrow ? '0 12px' : '0 24px',
        background: HEADER_COLORS[area],
      }}
    >
      <Link
        to={`/${area}`}
        style={{
          color: '#fff',
          fontSize: narrow ? 16 : 20,
          fontWeight: 600,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          minWidth: 0,
          flexShrink: 1,
        }}
      >
        {platformName}
      </Link>
      <div style={{ flex: 1, minWidth: 0 }}>
        {sections.length > 0 ? (
          <ConfigProvider theme={headerMenuTheme}>
            <Menu
              mode="horizontal"
              theme="dark"
              selectedKeys={activeSectionPath ? [activeSectionPath] : []}
              items={sections.map((section) => ({
                key: section.path,
                label: <Link to={section.path}>{section.title}</Link>,
              }))}
              style={{ borderBottom: 'none' }}
            />
          </ConfigProvider>
        ) : null}
      </div>
      <Space size={narrow ? 0 : 4} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {selectionControl}
        <span
          style={{
            color: '#fff',
            marginRight: narrow ? 4 : 8,
            display: 'inline-block',
            maxWidth: narrow ? '5em' : undefined,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            verticalAlign: 'middle',
          }}
          title={userName}
        >
          <UserOutlined aria-hidden /> {userName}
        </span>
        <Button
          type="text"
          style={headerButtonStyle}
          icon={<KeyOutlined aria-hidden />}
          onClick={onChangePassword}
          {...label('修改密码')}
        />
        <Button
          type="text"
          style={headerButtonStyle}
          icon={<FullscreenIcon aria-hidden />}
          aria-pressed={isFullscreen}
          onClick={toggle}
          {...label('全屏')}
        />
        <Button
          type="text"
          style={headerButtonStyle}
          icon={<LogoutOutlined aria-hidden />}
          onClick={confirmLogout}
          {...label('退出登录')}
        />
      </Space>
    </Layout.Header>
  );
}
