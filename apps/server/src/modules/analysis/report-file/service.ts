import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { requireWhole } from '../../../platform/read-scope.ts';
import { readableExam } from '../read/context.ts';
import type { CallParams } from '../read/exams-service.ts';
import { requireFinalised, type StoredReports } from '../read/stored.ts';
import { loadReportData } from './report-data.ts';
import { summaryDocx } from './summary.ts';
import { reportWorkbook } from './workbook.ts';

// grade-report-file: the exam's report package, for readers of the whole grade: an .xlsx workbook
// of every table and a .docx narrative summary with the main charts. Both are built from the stored
// reports of the school run, nothing is recomputed.

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

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
