import { DEFAULT_SCORE_CONFIG, type ExamImportPreview, type ExamImportResult } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import type { Upload } from '../../../platform/files.ts';
import { lockKey } from '../../../platform/locks.ts';
import { auditExam, schoolOf } from '../access.ts';
import * as exams from '../setup/multi-exams-repo.ts';
import { EXAM_NAMES } from '../setup/multi-exams-service.ts';
import { insertQuestion } from '../setup/questions-repo.ts';
import { findScoreConfig } from '../setup/settings-repo.ts';
import { insertSingleExam } from '../setup/single-exams-repo.ts';
import { insertExamStudents, seatOf } from '../students/exam-students-repo.ts';
import { checkExamWorkbook, EXAM_IMPORT_KEYS, previewOf } from './exam-import-check.ts';
import { type CheckedRow, checkImportRows, loadImportContext } from './import-check.ts';
import { applyImportRows } from './import-commit.ts';
import { readScoreWorkbookInWorker } from './import-workbook.ts';

// /cg_exam_szy/exam/importPreview and exam/import (一键导入考试, issue #19 part 2). The preview
// stores nothing; the import reads the same workbook, checks it again inside ONE transaction
// (the exam-name lock held) and writes the exam, its subjects, questions, exam students and
// scores (through the score import's path: applyPapers, audited) — or, with any bad row, nothing.

interface ImportParams {
  schoolId: string;
  schyId: string;
  termId: string;
}

export async function previewExamImport(
  db: Db,
  actor: Actor,
  p: ImportParams,
  upload: Upload,
): Promise<ExamImportPreview> {
  const schoolId = schoolOf(actor, p.schoolId);
  const { sheets } = await readScoreWorkbookInWorker(upload.buffer, EXAM_IMPORT_KEYS);
  return previewOf(await checkExamWorkbook(db, schoolId, p, sheets), sheets);
}

export async function commitExamImport(
  db: Db,
  actor: Actor,
  p: ImportParams,
  upload: Upload,
): Promise<ExamImportResult> {
  const schoolId = schoolOf(actor, p.schoolId);
  const { sheets } = await readScoreWorkbookInWorker(upload.buffer, EXAM_IMPORT_KEYS);
  return db.transaction(async (tx) => {
    await lockKey(tx, EXAM_NAMES, schoolId);
    const checked = await checkExamWorkbook(tx, schoolId, p, sheets);
    if (checked.errorCount > 0 || !checked.placement) {
      const first = checked.rows.find((r) => r.errors.length > 0);
      throw badInput(
        `有${checked.errorCount}行有错误，未导入任何内容${first ? `（${first.sheet}第${first.rowNo}行：${first.errors[0]}）` : ''}，请先预览并改正`,
        { field: 'file' },
      );
    }
    const { info, placement } = checked;
    const config = (await findScoreConfig(tx, schoolId)) ?? DEFAULT_SCORE_CONFIG;
    const meId = await exams.insertMultiExam(tx, {
      schoolId,
      name: info.name,
      schoolYearId: placement.schoolYearId,
      termId: placement.termId,
      gradeId: placement.gradeId,
      examType: 1,
      startDate: info.startDate,
      endDate: info.endDate,
      // 进行中: it has its scores already (a draft takes none).
      status: 2,
      hiddenStudentOrder: '011',
      unionKey: null,
      settings: { ...config, classIds: [], elaId: null },
      createdBy: actor.userId,
    });
    let questionCount = 0;
    for (const subject of checked.subjects) {
      const seId = await insertSingleExam(tx, {
        schoolId,
        multiExamId: meId,
        courseId: subject.courseId!,
        fullMark: subject.fullMark,
        examDate: info.startDate,
        status: 2,
      });
      for (const [i, q] of subject.questions.entries()) {
        const { id: _draft, ...values } = q;
        await insertQuestion(tx, { ...values, schoolId, singleExamId: seId, groupId: null, sortOrder: i + 1 });
        questionCount++;
      }
      await insertExamStudents(
        tx,
        checked.students.map((s) => ({
          ...seatOf(schoolId, seId, s.student!),
          ...(s.examNo ? { examNo: s.examNo } : {}),
        })),
      );
    }
    // The score rows checked again against the questions just stored (their real ids), then
    // written the one way scores are written.
    const nos = checked.scoreSheets.flatMap((s) => s.rows.map((r) => r.values.学号 ?? ''));
    const context = await loadImportContext(tx, schoolId, meId, null, nos);
    const rows = checkImportRows(
      context,
      checked.scoreSheets.map((s) => ({ sheet: s.name, rows: s.rows })),
    );
    const bySubject = new Map<number, CheckedRow[]>();
    for (const row of rows) bySubject.set(row.subject!.seId, [...(bySubject.get(row.subject!.seId) ?? []), row]);
    const skipped: { sheet: string; rowNo: number; errors: string[] }[] = [];
    const counts = await applyImportRows(tx, actor, schoolId, bySubject, skipped);
    if (rows.some((r) => r.errors.length > 0) || skipped.length > 0) {
      const bad = skipped[0] ?? rows.find((r) => r.errors.length > 0)!;
      throw badInput(`${bad.sheet}第${bad.rowNo}行：${bad.errors[0]}，未导入任何内容`, { field: 'file' });
    }
    await auditExam(tx, actor, 'multi-exam.import', `multi-exam:${meId}`, {
      after: {
        name: info.name,
        subjects: checked.subjects.length,
        questions: questionCount,
        students: checked.students.length,
      },
    });
    return {
      meId: String(meId),
      subjects: checked.subjects.length,
      questions: questionCount,
      students: checked.students.length,
      changedScores: counts.changedScores,
    };
  });
}
