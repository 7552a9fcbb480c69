import {
  type AttentionReport,
  type ItemsReport,
  type LinesReport,
  type OverviewReport,
  type StudentRow,
  type SubjectRef,
  type SubjectsReport,
  TOTAL_SUBJECT,
} from '@huikao/contracts';
import type { Db } from '../../../platform/db.ts';
import type { ExamContext } from '../read/context.ts';
import { type ExamRow, schoolsWithAreas } from '../read/exams-repo.ts';
import { reportBody, reportsOfRun, studentRowsOfRun } from '../read/repo.ts';
import { type StoredReports, schoolRunKey } from '../read/stored.ts';

// What the report package shows, read once from the stored reports; the workbook and the
// summary are both built from it (its own file, so neither imports the service that calls them).

/** Everything the two files show, read once. */
export interface ReportData {
  exam: ExamRow;
  /** Named with the exam in the workbook's title rows. */
  schoolName: string;
  subjects: SubjectRef[];
  /** Grade overview per subject key. */
  grade: Map<string, OverviewReport>;
  /** Grade item analysis per course key. */
  items: Map<string, ItemsReport>;
  lines: LinesReport | null;
  subjectsDoc: SubjectsReport | null;
  attention: AttentionReport | null;
  students: StudentRow[];
  /** The previous exam's total overview (进退步 comparison), when it has one. */
  previous: { name: string; total: OverviewReport } | null;
  steps: { single: number; total: number };
}

const byKey = <T>(rows: { subjectKey: string; scopeKey: string; body: unknown }[], scopeKey: string) =>
  new Map(rows.filter((r) => r.scopeKey === scopeKey).map((r) => [r.subjectKey, r.body as T]));

export async function loadReportData(db: Db, stored: StoredReports, context: ExamContext): Promise<ReportData> {
  const runKey = schoolRunKey(context.exam.id);
  // The total's overview first: when it is missing, the answer says why (not computed, running, failed).
  await stored.read<OverviewReport>(runKey, 'overview', TOTAL_SUBJECT, 'grade');
  const grade = byKey<OverviewReport>(await reportsOfRun(db, runKey, 'overview'), 'grade');
  const items = byKey<ItemsReport>(await reportsOfRun(db, runKey, 'items'), 'grade');
  const one = async <T>(kind: string) =>
    (await reportBody(db, { runKey, kind, subjectKey: TOTAL_SUBJECT, scopeKey: 'grade' })) as T | null;
  const attention = await one<AttentionReport>('attention');
  const before = attention?.previousExam ?? null;
  const previousTotal = before
    ? ((await reportBody(db, {
        runKey: schoolRunKey(Number(before.meId)),
        kind: 'overview',
        subjectKey: TOTAL_SUBJECT,
        scopeKey: 'grade',
      })) as OverviewReport | null)
    : null;
  const settings = context.exam.settings;
  const [school] = await schoolsWithAreas(db, [context.exam.schoolId]);
  return {
    exam: context.exam,
    schoolName: school?.name ?? '',
    subjects: context.subjects,
    grade,
    items,
    lines: await one<LinesReport>('lines'),
    subjectsDoc: await one<SubjectsReport>('subjects'),
    attention,
    students: await studentRowsOfRun(db, runKey),
    previous: before && previousTotal ? { name: before.name, total: previousTotal } : null,
    steps: { single: settings.segments?.single ?? 10, total: settings.segments?.total ?? 50 },
  };
}
