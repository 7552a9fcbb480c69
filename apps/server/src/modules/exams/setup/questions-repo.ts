import type { ExamQuestion, QuestionGroup } from '@huikao/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../platform/db.ts';
import { examQuestionGroups, examQuestions } from '../schema.ts';
import type { QuestionRow } from '../scores/score-write-repo.ts';

// The question structure of a single exam: 大题 groups and questions with the answer key.

export type GroupRow = typeof examQuestionGroups.$inferSelect;
export type QuestionValues = Omit<typeof examQuestions.$inferInsert, 'id' | 'schoolId' | 'singleExamId'>;

export const toGroup = (g: GroupRow): QuestionGroup => ({
  groupId: String(g.id),
  seId: String(g.singleExamId),
  name: g.name,
  sortOrder: g.sortOrder,
});

export const toQuestion = (q: QuestionRow): ExamQuestion => ({
  questionId: String(q.id),
  seId: String(q.singleExamId),
  groupId: q.groupId === null ? null : String(q.groupId),
  questionNo: q.questionNo,
  sortOrder: q.sortOrder,
  kind: q.kind,
  objectiveType: q.objectiveType,
  optionCount: q.optionCount,
  answer: q.answer,
  fullMark: q.fullMark,
  partialMark: q.partialMark,
  knowledgePoints: q.knowledgePoints,
});

export async function groupsOf(ex: Executor, seId: number): Promise<GroupRow[]> {
  return ex
    .select()
    .from(examQuestionGroups)
    .where(eq(examQuestionGroups.singleExamId, seId))
    .orderBy(asc(examQuestionGroups.sortOrder), asc(examQuestionGroups.id));
}

export async function questionsByIds(ex: Executor, ids: number[]): Promise<QuestionRow[]> {
  if (ids.length === 0) return [];
  return ex.select().from(examQuestions).where(inArray(examQuestions.id, ids));
}

export async function insertGroup(
  tx: Executor,
  values: { schoolId: number; singleExamId: number; name: string; sortOrder: number },
): Promise<number> {
  const [row] = await tx.insert(examQuestionGroups).values(values).returning({ id: examQuestionGroups.id });
  return row!.id;
}

export async function updateGroup(tx: Executor, groupId: number, values: { name: string; sortOrder: number }) {
  await tx.update(examQuestionGroups).set(values).where(eq(examQuestionGroups.id, groupId));
}

export async function deleteGroups(tx: Executor, groupIds: number[]): Promise<void> {
  if (groupIds.length === 0) return;
  await tx.update(examQuestions).set({ groupId: null }).where(inArray(examQuestions.groupId, groupIds));
  await tx.delete(examQuestionGroups).where(inArray(examQuestionGroups.id, groupIds));
}

export async function insertQuestion(
  tx: Executor,
  values: QuestionValues & { schoolId: number; singleExamId: number },
): Promise<number> {
  const [row] = await tx.insert(examQuestions).values(values).returning({ id: examQuestions.id });
  return row!.id;
}

export async function updateQuestion(tx: Executor, questionId: number, values: Partial<QuestionValues>) {
  await tx.update(examQuestions).set(values).where(eq(examQuestions.id, questionId));
}

export async function deleteQuestions(tx: Executor, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) return;
  await tx.delete(examQuestions).where(inArray(examQuestions.id, questionIds));
}
