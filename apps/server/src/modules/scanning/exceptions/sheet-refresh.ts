import type { Actor } from '../../../platform/auth-context.ts';
import type { Executor } from '../../../platform/db.ts';
import { lockKey } from '../../../platform/locks.ts';
import { type ScannedPaper, writeScannedAnswers } from '../../exams/index.ts';
import { setPageStudent } from './exceptions-repo.ts';
import { effectiveExamNo, pageExceptions, studentSheet } from './sheet-rules.ts';
import {
  absentDecisions,
  cardPageCount,
  examStudentByExamNo,
  examStudentsByIds,
  pagesOfStudents,
  replaceExceptions,
  sheetPage,
  typedCards,
} from './sheets-repo.ts';

// After a page is read or a person decides something: whose page it is, the page's exceptions, then
// each affected student's sheet (duplicates, missing pages, 缺考 with answers) and their objective
// answers into the scores through the exams module's one score path. All in the caller's transaction.

export interface RefreshContext {
  actor: Actor;
  schoolId: number;
  seId: number;
  /** Why scores change (score records' reason). */
  reason: string;
}

/** Identity and the page's own exceptions; returns the exam students whose sheets this touched. */
export async function refreshPage(tx: Executor, context: RefreshContext, pageId: number): Promise<number[]> {
  const page = await sheetPage(tx, pageId);
  if (!page) return [];
  const before = page.examStudentId;
  const examNo = page.outcome === 'read' && !page.discarded ? effectiveExamNo(page) : null;
  const student = examNo ? await examStudentByExamNo(tx, context.seId, examNo) : null;
  // A page set aside keeps whose it was (history); it simply no longer counts in their sheet.
  const after = page.discarded ? before : (student?.esId ?? null);
  if (after !== before) await setPageStudent(tx, pageId, after);
  await replaceExceptions(
    tx,
    { schoolId: context.schoolId, seId: context.seId, prefix: `p:${pageId}:` },
    pageExceptions(page, () => student !== null),
  );
  return [...new Set([before, after].filter((id): id is number => id !== null))];
}

export interface RefreshResult {
  /** Students whose answers were written (changed or not). */
  students: number;
  changedScores: number;
  locked: boolean;
  problems: string[];
}

/** Each student's sheet and answers again; their scores written in one go. */
export async function refreshStudents(
  tx: Executor,
  context: RefreshContext,
  esIds: readonly number[],
): Promise<RefreshResult> {
  const ids = [...new Set(esIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { students: 0, changedScores: 0, locked: false, problems: [] };
  // Two pages of one student read at once by two workers: the second waits and sees both.
  for (const id of ids) await lockKey(tx, 'scan-student', id);
  const [students, pages, cards, decisions] = [
    await examStudentsByIds(tx, ids),
    await pagesOfStudents(tx, ids),
    await typedCards(tx, ids),
    await absentDecisions(tx, context.seId, ids),
  ];
  const counts = new Map<string, number | null>();
  const papers: ScannedPaper[] = [];
  for (const student of students) {
    const own = pages.filter((p) => p.examStudentId === student.esId);
    const templateKey = own.find((p) => p.templateKey)?.templateKey ?? null;
    if (templateKey && !counts.has(templateKey)) counts.set(templateKey, await cardPageCount(tx, templateKey));
    const sheet = studentSheet(
      student.esId,
      own,
      templateKey ? (counts.get(templateKey) ?? null) : null,
      student.absent,
    );
    await replaceExceptions(
      tx,
      { schoolId: context.schoolId, seId: context.seId, prefix: `s:${student.esId}:` },
      sheet.exceptions,
    );

    const card = cards.get(student.esId);
    if (own.length === 0 && !card) continue;
    const decided = card?.absent ?? decisions.get(student.esId);
    const absentUndecided = decided === undefined && sheet.exceptions.some((e) => e.kind === 8);
    // Withheld until a person decides: which of two sheets counts, or whether a 缺考 with answers sat the exam.
    if ((sheet.withheld || absentUndecided) && !card) continue;
    papers.push({
      studentId: student.studentId,
      choices: { ...sheet.answers, ...(card?.answers ?? {}) },
      absent: decided ?? (sheet.absentMarked && !sheet.answered),
    });
  }
  const written = await writeScannedAnswers(tx, context.actor, context.seId, papers, context.reason);
  return { students: papers.length, ...written };
}
