// The report shell as a user meets it: the exam list limited to what the page may show, the
// choice written to the address, the report's computing and missing states, and the page's figures
// once the report is there (the server answers through a stubbed fetch).
import type { ReportExam, ReportStatus } from '@huikao/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiConfigProvider } from '../../../components/ui-config-provider.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { startSession } from '../../../lib/session.ts';
import { aStoredUser, envelopeResponse, installFakeNotify } from '../../../lib/test-fakes.ts';
import { ReportPage } from './report-page.tsx';

const API = '/analysis/api/teacher/exam/';
const done: ReportStatus = {
  runKey: 'me:7',
  status: 3,
  progress: 100,
  message: '已完成',
  error: null,
  computedAt: '2026-11-20T10:00:00Z',
  stale: false,
};

function anExam(overrides: Partial<ReportExam> = {}): ReportExam {
  return {
    meId: '7',
    schoolId: '1',
    name: '八年级期中考试',
    examType: 1,
    startDate: '2026-11-05',
    schoolYearId: '1',
    termId: '1',
    gradeId: '8',
    gradeName: '八年级',
    status: 4,
    unionKey: null,
    subjects: [{ subjectKey: '11', name: '语文', fullMark: 120, seId: '70' }],
    classes: [{ classId: '1', name: '八(1)班' }],
    scope: { wholeGrade: true, classIds: [], subjectsByClass: {}, headClassIds: [] },
    report: done,
    ...overrides,
  };
}

let answers: Record<string, unknown[]>;
let notify: ReturnType<typeof installFakeNotify>;

beforeEach(() => {
  notify = installFakeNotify();
  answers = {};
  startSession(aStoredUser({ type: 5 }));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = (url.split('?')[0] ?? url).replace(API, '');
      const queue = answers[name];
      if (!queue || queue.length === 0) return envelopeResponse(404, `no answer for ${name}`, null);
      // The last answer repeats (a polled call keeps answering it).
      return envelopeResponse(200, '成功', queue.length > 1 ? queue.shift() : queue[0]);
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

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

function renderPage(ui: ReactNode, at = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <UiConfigProvider>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[at]}>
            {ui}
            <Address />
          </MemoryRouter>
        </QueryClientProvider>
      </AntdApp>
    </UiConfigProvider>,
  );
}

const gradePage = (
  <ReportPage title="年级整体分析" definitions={['basic']} needs={{ subject: 'any', unit: 'grade', step: true }}>
    {(ctx) => (
      <p>
        报告：{ctx.exam.name}·{ctx.subject.name}·{ctx.step}·{ctx.scopeName}·{ctx.exportName('各班情况')}
      </p>
    )}
  </ReportPage>
);

describe('ReportPage', () => {
  it('shows the newest exam, the total, the default step, and writes them to the address', async () => {
    answers.getUserMultiExamByTeacherIdAndSchoolId = [
      [anExam({ meId: '5', name: '月考', startDate: '2026-09-26', report: { ...done, runKey: 'me:5' } }), anExam()],
    ];
    renderPage(gradePage);
    expect(
      await screen.findByText(
        '报告：八年级期中考试·总分·50·八年级·年级整体分析_八年级期中考试_八年级_总分_各班情况.xlsx',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?meId=7&subject=0&step=50'));
  });

  it('keeps a shared link: the exam, course and step of the address', async () => {
    answers.getUserMultiExamByTeacherIdAndSchoolId = [[anExam({ meId: '5', startDate: '2026-09-26' }), anExam()]];
    renderPage(gradePage, '/?meId=5&subject=11&step=30');
    expect(await screen.findByText(/报告：八年级期中考试·语文·30·八年级/)).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('?meId=5&subject=11&step=30');
  });

  it('says why a grade page lists nothing to a teacher of only some classes', async () => {
    answers.getUserMultiExamByTeacherIdAndSchoolId = [
      [anExam({ scope: { wholeGrade: false, classIds: ['1'], subjectsByClass: { '1': ['11'] }, headClassIds: [] } })],
    ];
    renderPage(gradePage);
    expect(await screen.findByText('暂无可查看的考试')).toBeTruthy();
    expect(screen.getByText(/你的权限只包含部分班级或学科/)).toBeTruthy();
  });

  it('says an exam has no report yet, and offers 重新计算 to an administrator', async () => {
    const none: ReportStatus = { ...done, status: 0, progress: 0, message: '尚未计算', computedAt: null };
    answers.getUserMultiExamByTeacherIdAndSchoolId = [[anExam({ report: none })]];
    renderPage(gradePage);
    expect(await screen.findByText('该考试还没有分析报告')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重新计算/ })).toBeTruthy();
    expect(screen.queryByText(/报告：/)).toBeNull();
  });

  it('shows a failed first computation with its reason', async () => {
    const failed: ReportStatus = { ...done, status: 4, error: '科目缺少满分', computedAt: null };
    answers.getUserMultiExamByTeacherIdAndSchoolId = [[anExam({ report: failed })]];
    renderPage(gradePage);
    expect(await screen.findByText('报告计算失败')).toBeTruthy();
    expect(screen.getByText('科目缺少满分')).toBeTruthy();
  });

  it('polls a computing report and shows the page when it is done', { timeout: 15_000 }, async () => {
    const running: ReportStatus = { ...done, status: 2, progress: 40, message: '正在计算 语文', computedAt: null };
    answers.getUserMultiExamByTeacherIdAndSchoolId = [[anExam({ report: running })]];
    answers.getReportStatus = [running, done];
    renderPage(gradePage);
    expect(await screen.findByText('正在计算分析报告')).toBeTruthy();
    expect(screen.getByText('正在计算 语文')).toBeTruthy();
    expect(await screen.findByText(/报告：八年级期中考试/, undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
