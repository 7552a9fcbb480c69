import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';

/**
 * antd's global settings, shared by the app and the component tests. `autoInsertSpace: false`
 * because antd would otherwise render a two-character Chinese button as "登 录", and users (and the
 * browser tests) read the spec's exact texts.
 */
const buttonConfig = { autoInsertSpace: false };

export interface UiConfigProviderProps {
  children: ReactNode;
}

export function UiConfigProvider({ children }: UiConfigProviderProps) {
  return (
    <ConfigProvider locale={zhCN} button={buttonConfig}>
      {children}
    </ConfigProvider>
  );
}
