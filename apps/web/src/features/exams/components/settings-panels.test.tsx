// The school settings tabs of 成绩管理 as a user meets them: the SSC form filled from the server
// and saved whole, read-only for type 1 teachers, and the ELA dialog refusing bad share totals.
import { BUILT_IN_LEVEL_SCHEMES, DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiConfigProvider } from '../../../components/ui-config-provider.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { startSession } from '../../../lib/session.ts';
import { aStoredUser, envelopeResponse, installFakeNotify } from '../../../lib/test-fakes.ts';
import { SettingsElaPanel } from './settings-ela-panel.tsx';
import { SettingsSscPanel } from './settings-ssc-panel.tsx';

const SSC_PATH = '/analysis/api/teacher/exam/getSSCBySchoolId';
const SAVE_SSC_PATH = '/analysis/api/teacher/exam/saveOrUpdateSSC';
const ELA_PATH = '/analysis/api/teacher/exam/getELABySchoolId';

let notify: ReturnType<typeof installFakeNotify>;
let asked: string[];

beforeEach(() => {
  notify = installFakeNotify();
  asked = [];
  const stored = { ...DEFAULT_SCORE_CONFIG, rates: { excellent: 90, good: 75, pass: 60, low: 30 } };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.split('?')[0] ?? url;
      asked.push(path);
      if (path === SSC_PATH || path === SAVE_SSC_PATH) return envelopeResponse(200, '成功', stored);
      if (path === ELA_PATH) return envelopeResponse(200, '成功', BUILT_IN_LEVEL_SCHEMES);
      return envelopeResponse(404, `no answer for ${path}`, null);
    }),
  );
});

afterEach(() => {
  cleanup();
  notify.unregister();
  vi.unstubAllGlobals();
  localStorage.clear();
  useAppStore.getState().reset();
});

function renderWithApp(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiConfigProvider>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>{ui}</MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </UiConfigProvider>,
  );
}

describe('成绩分析设置 (SSC)', () => {
  it('fills the form from the school configuration and saves it for an administrator', {
    timeout: 30_000,
  }, async () => {
    startSession(aStoredUser({ type: 5, loginName: 'admin01' }));
    renderWithApp(<SettingsSscPanel />);
    await waitFor(() => expect((screen.getByLabelText('优秀率') as HTMLInputElement).value).toBe('90'));
    expect((screen.getByLabelText('单科分段宽度') as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText('分数线名称 1') as HTMLInputElement).value).toBe('重点线');
    expect((screen.getByLabelText('分数线的值 2') as HTMLInputElement).value).toBe('0.5');
    expect(screen.getByLabelText('单科分段宽度').getAttribute('aria-valuemax')).toBe('50');
    expect(screen.getByLabelText('总分分段宽度').getAttribute('aria-valuemin')).toBe('50');

    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(asked).toContain(SAVE_SSC_PATH));
    await waitFor(() => expect(notify.notifications.map((n) => n.title)).toContain('保存成功'));
  });

  it('refuses thresholds out of order without calling the server', { timeout: 30_000 }, async () => {
    startSession(aStoredUser({ type: 5, loginName: 'admin01' }));
    renderWithApp(<SettingsSscPanel />);
    await waitFor(() => expect((screen.getByLabelText('优秀率') as HTMLInputElement).value).toBe('90'));
    const pass = screen.getByLabelText('及格率');
    fireEvent.change(pass, { target: { value: '95' } });
    fireEvent.blur(pass);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(notify.notifications.map((n) => n.description)).toContain('比率阈值应满足 优秀 ≥ 良好 ≥ 及格 ≥ 低分'),
    );
    expect(asked).not.toContain(SAVE_SSC_PATH);
  });

  it('is read-only for a type 1 teacher', async () => {
    startSession(aStoredUser({ type: 1 }));
    renderWithApp(<SettingsSscPanel />);
    await screen.findByText('成绩分析设置由学校管理员维护，此处只读');
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
    expect(screen.queryByRole('button', { name: '恢复默认' })).toBeNull();
  });
});

describe('等级赋分方案 (ELA)', () => {
  it('tags the built-in schemes and gives a teacher no editing button', async () => {
    startSession(aStoredUser({ type: 1 }));
    renderWithApp(<SettingsElaPanel />);
    expect(await screen.findAllByText('内置')).toHaveLength(BUILT_IN_LEVEL_SCHEMES.length);
    expect(screen.queryByRole('button', { name: /新增方案/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('shows the running share total and refuses one other than 100%', { timeout: 30_000 }, async () => {
    startSession(aStoredUser({ type: 5, loginName: 'admin01' }));
    renderWithApp(<SettingsElaPanel />);
    await screen.findAllByText('内置');
    fireEvent.click(screen.getByRole('button', { name: /新增方案/ }));
    await waitFor(() => expect(screen.getByTestId('share-total').textContent).toBe('各等级比例之和为100%'), {
      timeout: 5000,
    });
    fireEvent.change(screen.getByLabelText('方案名称'), { target: { value: '本校方案' } });
    const first = screen.getByLabelText('等级比例 1');
    fireEvent.change(first, { target: { value: '20' } });
    fireEvent.blur(first);
    await screen.findByText('各等级比例之和应为100%，当前为105%');
    expect(screen.getByTestId('cumulative-4').textContent).toBe('105%');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(notify.notifications.map((n) => n.description)).toContain('各等级比例之和应为100%，当前为105%'),
    );
    expect(asked.filter((path) => path.endsWith('saveOrUpdateELA'))).toEqual([]);
  });
});
