import { and, eq, inArray } from 'drizzle-orm';
import { examStudents } from '../../db/schema.ts';
import type { Tx } from '../../platform/db.ts';
import { badInput, notFound } from '../../platform/errors.ts';
import * as dispatch from './dispatch/dispatch-repo.ts';
import { blindMarksNeeded, groupOf } from './paper-rules.ts';
import { insertPapers } from './setup/setup-repo.ts';

/** One student's answer to a 题块: a crop in file storage (scanning) or an online answer's text. */
export interface NewPaper {
  examStudentId: number;
  imageKey?: string | null;
  text?: string | null;
}

/**
 * The door scanning (and later online exams) call inside their own transaction to put papers on a
 * 题块. A paper already there for the student is left as it is (a rescan replaces the crop in
 * storage under the same key). How many blind marks each needs is fixed here by 双评比例.
 */
export async function createPapers(tx: Tx, blockId: number, papers: readonly NewPaper[]): Promise<number> {
  if (papers.length === 0) return 0;
  const block = await dispatch.blockOf(tx, blockId);
  if (!block) throw notFound('题块不存在');
  const group = groupOf(block);
  const ids = [...new Set(papers.map((p) => p.examStudentId))];
  const sitting = await tx
    .select({ id: examStudents.id })
    .from(examStudents)
    .where(and(eq(examStudents.singleExamId, block.singleExamId), inArray(examStudents.id, ids)));
  if (sitting.length !== ids.length) throw badInput('试卷中有不属于该科目考试的考生');
  for (const paper of papers) {
    if (!paper.imageKey && !paper.text) throw badInput('试卷必须有答题图片或作答内容');
  }
  const inserted = await insertPapers(
    tx,
    papers.map((p) => ({
      schoolId: block.schoolId,
      blockId,
      examStudentId: p.examStudentId,
      imageKey: p.imageKey ?? null,
      answerText: p.text ?? null,
      needed: blindMarksNeeded(group, p.examStudentId),
    })),
  );
  return inserted.length;
}
