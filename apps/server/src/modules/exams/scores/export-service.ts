import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { forbidden } from '../../../platform/errors.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { type CallParams, optionalIdOf, ownMultiExam, ownSingleExam } from '../access.ts';
import { taughtClassIds } from '../lookup-repo.ts';
import { addBookSheet, singleSheetTable, totalsSheetTable } from './export-sheet.ts';
import { schoolNameOf } from './school-name-repo.ts';
import { multiTotals, scoreBook } from './score-book.ts';
import { questionsOf } from './score-write-repo.ts';
import { byClassAndNo, examStudentScores, singleExamsOfMulti } from './scores-repo.ts';

// exportSingleScoreInfo, exportMultiScoreInfo, exportMultiExcels: the score book as .xlsx with
// question scores, objective options, totals and class and grade ranks. Ranks are always over
// the whole grade; a type-1 teacher gets the rows of the classes they teach (the course for a
// single subject, any course or 班主任 for the multi-exam), type 5 every row.

export function createExportService(db: Db) {
  /** Classes whose rows the actor may export: null = all. */
  async function visibleClasses(
    actor: Actor,
    termId: number,
    courseId: number | null,
    classId: number | null,
  ): Promise<Set<number> | null> {
    if (actor.type === 5) return classId === null ? null : new Set([classId]);
    const taught = new Set(await taughtClassIds(db, actor.userId, termId, courseId));
    if (taught.size === 0) throw forbidden('只能导出本人任教班级的成绩');
    if (classId !== null) {
      if (!taught.has(classId)) throw forbidden('只能导出本人任教班级的成绩');
      return new Set([classId]);
    }
    return taught;
  }
  const keep = (visible: Set<number> | null, classId: string | number) => !visible || visible.has(Number(classId));

  async function subjectTables(meId: number, visible: Set<number> | null) {
    const singles = await singleExamsOfMulti(db, meId);
    const subjects = [];
    for (const single of singles) {
      const rows = await examStudentScores(db, single.id);
      subjects.push({ single, rows, questions: await questionsOf(db, single.id) });
    }
    const totals = multiTotals(subjects.map((s) => ({ seId: s.single.id, rows: s.rows })))
      .sort(byClassAndNo)
      .filter((t) => keep(visible, t.classId));
    const totalsTable = totalsSheetTable(
      singles.map((s) => ({ seId: s.id, courseName: s.courseName })),
      totals,
    );
    return { subjects, totalsTable };
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
      const visible = await visibleClasses(
        actor,
        single.multi.termId,
        single.courseId,
        optionalIdOf(p.classId, '班级'),
      );
      const [course] = (await singleExamsOfMulti(db, single.multiExamId)).filter((s) => s.id === single.id);
      const book = scoreBook(await examStudentScores(db, single.id)).filter((s) => keep(visible, s.classId));
      const table = singleSheetTable(await questionsOf(db, single.id), book);
      const title = { schoolName: await schoolNameOf(db, single.multi.schoolId), examName: single.multi.name };
      return file(`${single.multi.name}-${course!.courseName}-成绩.xlsx`, (workbook) =>
        addBookSheet(workbook, course!.courseName, table.header, table.rows, title),
      );
    },

    async exportMultiScoreInfo(actor: Actor, p: CallParams<'exportMultiScoreInfo'>) {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const visible = await visibleClasses(actor, multi.termId, null, optionalIdOf(p.classId, '班级'));
      const { totalsTable } = await subjectTables(multi.id, visible);
      const title = { schoolName: await schoolNameOf(db, multi.schoolId), examName: multi.name };
      return file(`${multi.name}-总分成绩.xlsx`, (workbook) =>
        addBookSheet(workbook, '总分', totalsTable.header, totalsTable.rows, title),
      );
    },

    async exportMultiExcels(actor: Actor, p: CallParams<'exportMultiExcels'>) {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const visible = await visibleClasses(actor, multi.termId, null, null);
      const { subjects, totalsTable } = await subjectTables(multi.id, visible);
      const title = { schoolName: await schoolNameOf(db, multi.schoolId), examName: multi.name };
      return file(`${multi.name}-成绩册.xlsx`, (workbook) => {
        addBookSheet(workbook, '总分', totalsTable.header, totalsTable.rows, title);
        for (const { single, rows, questions } of subjects) {
          const table = singleSheetTable(
            questions,
            scoreBook(rows).filter((s) => keep(visible, s.classId)),
          );
          addBookSheet(workbook, single.courseName, table.header, table.rows, title);
        }
      });
    },
  };
}
