// roles-and-permissions.md: type 1 teachers read the school's base data; only type 5 edits it.
// Every screen hides what the server would refuse, and still shows the lists.
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../lib/app-store.ts';
import { startSession } from '../../lib/session.ts';
import { aStoredUser, installFakeNotify } from '../../lib/test-fakes.ts';
import { SchoolClassStudentPage } from './pages/school-class-student-page.tsx';
import { SchoolClassTeacherPage } from './pages/school-class-teacher-page.tsx';
import { SchoolGradePage } from './pages/school-grade-page.tsx';
import { SchoolGradeTermPage } from './pages/school-grade-term-page.tsx';
import { SchoolOrganLeaderPage } from './pages/school-organ-leader-page.tsx';
import { canEditBaseData } from './school-context.ts';
import { renderWithApp, stubSchoolServer } from './test-fixtures.tsx';

const EDITING = ['新增', '批量导入', '编辑', '删除', '重置密码', '学年升级', '新增学期'];

/** Each screen, and a text that proves its list has loaded. */
const SCREENS: Array<[string, ComponentType, string]> = [
  ['年级管理', SchoolGradePage, '八年级'],
  ['学年学期', SchoolGradeTermPage, '2026-2027学年'],
  ['班级学生', SchoolClassStudentPage, '张子涵'],
  ['任课教师', SchoolClassTeacherPage, '13800000002'],
  ['组织领导', SchoolOrganLeaderPage, '年级主任'],
];

let notify: ReturnType<typeof installFakeNotify>;

beforeEach(() => {
  notify = installFakeNotify();
  stubSchoolServer();
});

afterEach(() => {
  cleanup();
  notify.unregister();
  vi.unstubAllGlobals();
  localStorage.clear();
  useAppStore.getState().reset();
});

function editingButtons(): string[] {
  return screen
    .queryAllByRole('button')
    .map((button) => button.textContent?.trim() ?? '')
    .filter((text) => EDITING.includes(text));
}

describe('who edits the school base data', () => {
  it('is the school administrator (type 5) only', () => {
    expect(canEditBaseData(5)).toBe(true);
    for (const type of [1, 2, 4, undefined]) expect(canEditBaseData(type)).toBe(false);
  });

  for (const [title, Screen, loaded] of SCREENS) {
    it(`${title}: a type 1 teacher sees the list without any editing button`, async () => {
      startSession(aStoredUser({ type: 1 }));
      renderWithApp(<Screen />);
      await screen.findAllByText(loaded, undefined, { timeout: 5000 });
      expect(editingButtons()).toEqual([]);
      expect(notify.notifications).toEqual([]);
    });

    it(`${title}: a type 5 administrator gets the editing buttons`, async () => {
      startSession(aStoredUser({ type: 5, loginName: 'admin01' }));
      renderWithApp(<Screen />);
      await screen.findAllByText(loaded, undefined, { timeout: 5000 });
      await waitFor(() => expect(editingButtons()).toContain('新增'));
    });
  }
});
