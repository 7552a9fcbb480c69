import type { ScoreImportResult } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { assertNotLocked, type CallParams, ownMultiExam, subjectOfMulti } from '../access.ts';
import { applyPapers, openPapers, type PaperUpdate, paperOf } from '../scores/score-apply.ts';
import { paperFromInput } from '../scores/score-input.ts';
import { insertExamStudents, seatOf } from '../students/exam-students-repo.ts';
import { type CheckedRow, checkImportRows, loadImportContext, type SheetRows } from './import-check.ts';
import { STUDENT_NO } from './import-layout.ts';

// importSingleStudentsAndScores: the rows of a preview, checked again on the server, written in
// ONE transaction: students who sat but were not listed become exam students (their current
// class), then every paper goes through applyPapers (derived totals, one score record per changed
// question with source 'import', score_version bumped, audited). Unchanged rows write nothing.

export async function commitScoreImport(
  db: Db,
  actor: Actor,
  p: CallParams<'importSingleStudentsAndScores'>,
): Promise<ScoreImportResult> {
  const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
  assertNotLocked(multi);
  const seId = await subjectOfMulti(db, multi, p.seId);
  const bySheet = new Map<string, SheetRows>();
  for (const row of p.rows) {
    const sheet = bySheet.get(row.sheet) ?? { sheet: row.sheet, rows: [] };
    sheet.rows.push({ rowNo: row.rowNo, values: row.values });
    bySheet.set(row.sheet, sheet);
  }
  const studentNos = p.rows.map((r) => r.values[STUDENT_NO] ?? '');
  const context = await loadImportContext(db, multi.schoolId, multi.id, seId, studentNos);
  const checked = checkImportRows(context, [...bySheet.values()]);
  const valid = checked.filter((r) => r.errors.length === 0);
  const skipped = checked
    .filter((r) => r.errors.length > 0)
    .map((r) => ({ sheet: r.sheet, rowNo: r.rowNo, errors: r.errors }));

  const bySubject = new Map<number, CheckedRow[]>();
  for (const row of valid) bySubject.set(row.subject!.seId, [...(bySubject.get(row.subject!.seId) ?? []), row]);

  const counts = await db.transaction((tx) => applyImportRows(tx, actor, multi.schoolId, bySubject, skipped));
  // A student is one person however many subjects (sheets) hold a row of theirs: 270 students of a
  // nine-subject exam are 270 students, written as 2,430 rows.
  const students = new Set(valid.map((r) => r.student!.id)).size;
  return { students, rows: valid.length, ...counts, skipped };
}

/**
 * The checked rows of each subject written through applyPapers in the caller's transaction (also
 * 一键导入考试's): students not yet sitting a subject are seated, rows a paper refuses go to skipped.
 */
export async function applyImportRows(
  tx: Executor,
  actor: Actor,
  schoolId: number,
  bySubject: Map<number, CheckedRow[]>,
  skipped: { sheet: string; rowNo: number; errors: string[] }[],
): Promise<{ addedStudents: number; changedScores: number; unchanged: number }> {
  let addedStudents = 0;
  let changedScores = 0;
  let unchanged = 0;
  // Subjects in id order, like every writer of scores, so two imports never wait on each other in a circle.
  for (const [id, rows] of [...bySubject].sort(([a], [b]) => a - b)) {
    const studentIds = rows.map((r) => r.student!.id);
    // The questions and full mark too are read again under the lock: a change since the preview counts.
    const { questions, fullMark, papers } = await openPapers(tx, id, studentIds);
    const listed = new Map(papers.map((r) => [r.studentId, r]));
    const missing = rows.filter((r) => !listed.has(r.student!.id));
    const added = await insertExamStudents(
      tx,
      missing.map((r) => seatOf(schoolId, id, r.student!)),
    );
    addedStudents += added.size;
    // Read the new seats under the lock: a parallel call may have seated (and scored) some first.
    if (missing.length > 0) {
      const seated = await openPapers(
        tx,
        id,
        missing.map((r) => r.student!.id),
      );
      for (const paper of seated.papers) listed.set(paper.studentId, paper);
    }
    const updates: PaperUpdate[] = [];
    for (const row of rows) {
      const current = listed.get(row.student!.id)!;
      const result = paperFromInput(questions, fullMark, paperOf(current.score, current.absent), row.input);
      if ('errors' in result) {
        skipped.push({ sheet: row.sheet, rowNo: row.rowNo, errors: result.errors });
        continue;
      }
      updates.push({
        studentId: row.student!.id,
        examStudentId: current.esId,
        before: current.score,
        beforeAbsent: current.absent,
        next: result.paper,
      });
    }
    const result = await applyPapers(
      tx,
      {
        actor,
        schoolId: schoolId,
        seId: id,
        questions,
        source: 'import',
        reason: '成绩导入',
      },
      updates,
    );
    changedScores += result.changedScores;
    unchanged += updates.length - result.changedStudents.size;
  }
  return { addedStudents, changedScores, unchanged };
}
