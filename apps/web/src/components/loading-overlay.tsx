import { Spin } from 'antd';
import { useAppStore } from '../lib/app-store.ts';

export const LOADING_TEXT = '拼命加载中';

/** Spec §8: full-screen overlay while any call marked `loading` runs (a counter, so parallel calls work). */
export function LoadingOverlay() {
  const loading = useAppStore((state) => state.loadingCount > 0);
  if (!loading) return null;
  return (
    <div
      data-testid="loading-overlay"
      role="status"
      aria-live="polite"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(0, 0, 0, 0.45)',
        color: '#fff',
        fontSize: 16,
      }}
    >
      <Spin size="large" />
      <span>{LOADING_TEXT}</span>
    </div>
  );
}
