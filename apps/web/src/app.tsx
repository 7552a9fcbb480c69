import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp } from 'antd';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { LoadingOverlay } from './components/loading-overlay.tsx';
import { UiConfigProvider } from './components/ui-config-provider.tsx';
import { installZoomBlock } from './layout/block-browser-zoom.ts';
import { registerNavigator } from './lib/navigation.ts';
import { AppBridge } from './lib/notify.ts';
import { queryClient } from './lib/query-client.ts';
import { createAppRouter } from './router.tsx';

export function App() {
  const [router] = useState(createAppRouter);

  useEffect(() => registerNavigator((to) => void router.navigate(to)), [router]);
  useEffect(() => installZoomBlock(window), []);

  return (
    <UiConfigProvider>
      <AntdApp>
        <AppBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
        <LoadingOverlay />
      </AntdApp>
    </UiConfigProvider>
  );
}
