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
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../platform/files.ts';
import { type ExamContext, readableExam } from './read-context.ts';
import { type ExamRow, schoolsWithAreas } from './read-exams-repo.ts';
import type { CallParams } from './read-exams-service.ts';
import { reportBody, reportsOfRun, studentRowsOfRun } from './read-repo.ts';
import { requireFinalised, type StoredReports, schoolRunKey } from './read-stored.ts';
import { summaryDocx } from './report-file-summary.ts';
import { reportWorkbook } from './report-file-workbook.ts';
import { requireWhole } from './scope.ts';

// grade-report-file: the exam's report package, for readers of the whole grade: an .xlsx workbook
// of every table and a .docx narrative summary with the main charts. Both are built from the stored
// reports of the school run, nothing is recomputed.

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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

export function createReportFileService(db: Db, stored: StoredReports) {
  async function data(actor: Actor, schoolId: string, meId: string) {
    const { context, scope } = await readableExam(db, actor, schoolId, meId);
    requireWhole(scope);
    requireFinalised(context.exam);
    return loadReportData(db, stored, context);
  }

  return {
    async exportReportWorkbook(actor: Actor, p: CallParams<'exportReportWorkbook'>) {
      const report = await data(actor, p.schoolId, p.meId);
      return new FileResult(`${report.exam.name}-分析报告.xlsx`, XLSX_CONTENT_TYPE, await reportWorkbook(report));
    },

    async exportReportSummary(actor: Actor, p: CallParams<'exportReportSummary'>) {
      const report = await data(actor, p.schoolId, p.meId);
      return new FileResult(`${report.exam.name}-分析报告摘要.docx`, DOCX_CONTENT_TYPE, await summaryDocx(report));
    },
  };
}
