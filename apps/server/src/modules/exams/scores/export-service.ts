import { PassThrough } from 'node:stream';
import { TOTAL_SUBJECT } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { requireAny } from '../../../platform/read-scope.ts';
import { type CallParams, ownClassId, ownMultiExam, ownSingleExam } from '../access.ts';
import { type MultiExamRow, schoolNameOf } from '../lookup-repo.ts';
import { courseKey, examReadScope, readableClasses, readableClassesOrNone } from '../score-scope.ts';
import { addBookSheet, singleSheetTable, totalsSheetTable } from './export-sheet.ts';
import { multiTotals, scoreBook } from './score-book.ts';
import { questionsOf } from './score-write-repo.ts';
import { byClassAndNo, examStudentScores, singleExamsOfMulti } from './scores-repo.ts';

// exportSingleScoreInfo, exportMultiScoreInfo, exportMultiExcels: the score book as .xlsx with
// question scores, objective options, totals and class and grade ranks. Ranks are always over
// the whole grade; the rows are those the reader may read (score-scope.ts): a subject's sheet the
// classes where they read that course, the totals sheet the classes where they read the total
// (every course of the class). A sheet the reader may read nothing of is left out of the book.

export function createExportService(db: Db) {
  /** What a score book's title row names: the school and the exam. */
  async function bookTitle(multi: MultiExamRow) {
    return { schoolName: await schoolNameOf(db, multi.schoolId), examName: multi.name };
  }

  /** Every subject's rows and questions, with the reader's scope over the multi-exam. */
  async function subjectsOf(actor: Actor, multi: MultiExamRow) {
    const singles = await singleExamsOfMulti(db, multi.id);
    const subjects = [];
    for (const single of singles) {
      const rows = await examStudentScores(db, single.id);
      subjects.push({ single, rows, questions: await questionsOf(db, single.id) });
    }
    const scope = await examReadScope(
      db,
      actor,
      multi,
      subjects.flatMap((s) => s.rows.map((r) => r.classId)),
      singles.map((s) => s.courseId),
    );
    return { singles, subjects, scope };
  }

  function totalsTable(subjects: Awaited<ReturnType<typeof subjectsOf>>['subjects'], visible: Set<number>) {
    const totals = multiTotals(subjects.map((s) => ({ seId: s.single.id, rows: s.rows })))
      .sort(byClassAndNo)
      .filter((t) => visible.has(Number(t.classId)));
    return totalsSheetTable(
      subjects.map((s) => ({ seId: s.single.id, courseName: s.single.courseName })),
      totals,
    );
  }

  /** A streaming workbook collected into memory; `fill` adds its sheets. */
  async function file(name: string, fill: (workbook: ExcelJS.stream.xlsx.WorkbookWriter) => void) {
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    workbook.creator = '慧考云';
    fill(workbook);
    await workbook.commit();
    return new FileResult(name, XLSX_CONTENT_TYPE, Buffer.concat(chunks));
  }

  return {
    async exportSingleScoreInfo(actor: Actor, p: CallParams<'exportSingleScoreInfo'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const requested = await ownClassId(db, single.schoolId, p.classId);
      const rows = await examStudentScores(db, single.id);
      const scope = await examReadScope(
        db,
        actor,
        single.multi,
        rows.map((r) => r.classId),
        [single.courseId],
      );
      const visible = readableClasses(scope, courseKey(single.courseId), requested);
      const [course] = (await singleExamsOfMulti(db, single.multiExamId)).filter((s) => s.id === single.id);
      const book = scoreBook(rows).filter((s) => visible.has(Number(s.classId)));
      const table = singleSheetTable(await questionsOf(db, single.id), book);
      const title = await bookTitle(single.multi);
      return file(`${single.multi.name}-${course!.courseName}-成绩.xlsx`, (workbook) =>
        addBookSheet(workbook, course!.courseName, table.header, table.rows, title),
      );
    },

    /** The totals sheet: every course and the total, so only where the reader reads the total. */
    async exportMultiScoreInfo(actor: Actor, p: CallParams<'exportMultiScoreInfo'>) {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const requested = await ownClassId(db, multi.schoolId, p.classId);
      const { subjects, scope } = await subjectsOf(actor, multi);
      const table = totalsTable(subjects, readableClasses(scope, TOTAL_SUBJECT, requested));
      const title = await bookTitle(multi);
      return file(`${multi.name}-总分成绩.xlsx`, (workbook) =>
        addBookSheet(workbook, '总分', table.header, table.rows, title),
      );
    },

    async exportMultiExcels(actor: Actor, p: CallParams<'exportMultiExcels'>) {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const { subjects, scope } = await subjectsOf(actor, multi);
      if (!scope.whole) requireAny(scope);
      const totalClasses = readableClassesOrNone(scope, TOTAL_SUBJECT, null);
      const title = await bookTitle(multi);
      return file(`${multi.name}-成绩册.xlsx`, (workbook) => {
        if (scope.whole || totalClasses.size > 0) {
          const table = totalsTable(subjects, totalClasses);
          addBookSheet(workbook, '总分', table.header, table.rows, title);
        }
        for (const { single, rows, questions } of subjects) {
          const visible = readableClassesOrNone(scope, courseKey(single.courseId), null);
          if (!scope.whole && visible.size === 0) continue;
          const table = singleSheetTable(
            questions,
            scoreBook(rows).filter((s) => visible.has(Number(s.classId))),
          );
          addBookSheet(workbook, single.courseName, table.header, table.rows, title);
        }
      });
    },
  };
}
