import {
  ASSESSMENTS,
  COURSE_KINDS,
  type CurriculumImportKind,
  courseFields,
  majorFields,
  planFields,
} from '@huikao/contracts';
import { z } from 'zod';
import type { ImportColumn } from '../school-base/index.ts';

// The columns of each curriculum import kind, shared by the template, the reader, the checks and
// the export (an exported list imports again unchanged), and how a row's cells become the call's
// fields — checked by the very zod fields the single calls use, so the messages are the same.

export const KIND_NAMES: Record<CurriculumImportKind, string> = { courses: '课程', majors: '专业', plans: '教学计划' };

export const CURRICULUM_COLUMNS: Record<CurriculumImportKind, readonly ImportColumn[]> = {
  courses: [
    {
      title: '课程名称',
      required: true,
      example: '示例课程',
      width: 18,
      note: '本校唯一，最多50个字符；已有的课程按本行更新',
    },
    { title: '课程代码', required: false, example: 'KC-001', width: 12, note: '可不填，最多30个字符' },
    {
      title: '课程类别',
      required: false,
      example: '专业核心课',
      width: 14,
      note: '不填为公共基础课',
      options: COURSE_KINDS,
    },
    { title: '学分', required: false, example: '2', width: 8, note: '0–50，可以是0.5的整数倍' },
    { title: '学时', required: false, example: '36', width: 8, note: '0–2000 的整数' },
  ],
  majors: [
    { title: '入学年份', required: true, example: '2026', width: 10, note: '如2026，表示2026级' },
    {
      title: '专业名称',
      required: true,
      example: '示例专业',
      width: 18,
      note: '同一入学年份内唯一；已有的专业按本行更新',
    },
    { title: '专业代码', required: false, example: 'ZY-001', width: 12, note: '可不填，最多30个字符' },
    { title: '学制', required: false, example: '3', width: 8, note: '1–6 年，不填为3年' },
  ],
  plans: [
    { title: '学期', required: true, example: '1', width: 8, note: '第几学期，1 至 学制×2' },
    { title: '课程', required: true, example: '示例课程', width: 18, note: '本校已有课程的名称，须先导入课程' },
    { title: '学时', required: false, example: '36', width: 8, note: '0–2000 的整数' },
    { title: '学分', required: false, example: '2', width: 8, note: '0–50，可以是0.5的整数倍' },
    { title: '考核方式', required: false, example: '考试', width: 10, note: '不填为考试', options: ASSESSMENTS },
  ],
};

const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export const courseRow = z.object(courseFields);
export const majorRow = z.object(majorFields);
export const planRow = z.object({ ...planFields, courseId: z.string() });

/** A row's cells as the fields of its kind, or the Chinese messages of what is wrong. */
export function fieldsOf(kind: CurriculumImportKind, values: Record<string, string>) {
  const v = (title: string) => blankToUndefined(values[title]);
  const input =
    kind === 'courses'
      ? { name: v('课程名称') ?? '', code: v('课程代码'), kind: v('课程类别'), credits: v('学分'), hours: v('学时') }
      : kind === 'majors'
        ? { enterYear: v('入学年份') ?? '', name: v('专业名称') ?? '', code: v('专业代码'), years: v('学制') }
        : {
            term: v('学期') ?? '',
            courseId: v('课程') ?? '',
            hours: v('学时'),
            credits: v('学分'),
            assessment: v('考核方式'),
          };
  const schema = kind === 'courses' ? courseRow : kind === 'majors' ? majorRow : planRow;
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true as const, fields: parsed.data as Record<string, unknown> };
  return { ok: false as const, errors: [...new Set(parsed.error.issues.map((i) => i.message))] };
}
