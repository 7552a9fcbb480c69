import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { AppFooter } from '../../../layout/app-footer.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';

export interface AuthScreenProps {
  children: ReactNode;
}

/** The centred card of the signed-out pages, under the platform name. */
export function AuthScreen({ children }: AuthScreenProps) {
  const { platformName } = useAppConfig();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(160deg, #1677ff 0%, #69b1ff 45%, #f0f5ff 100%)',
      }}
    >
      <main style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24 }}>
        <Card style={{ width: '100%', maxWidth: 400 }}>
          <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 0 }}>
            {platformName}
          </Typography.Title>
          {children}
        </Card>
      </main>
      <AppFooter />
    </div>
  );
}
