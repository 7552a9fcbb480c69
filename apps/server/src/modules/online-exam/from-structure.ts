import type { ExamQuestion, OnlineExamSource, QuestionGroup } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { badInput, forbidden } from '../../platform/errors.ts';
import { schoolOf } from '../../platform/tenancy.ts';
import { examStructureOf, ownSingleExam } from '../exams/index.ts';
import * as making from './making-repo.ts';
import type { OnlinePaperQuestion, OnlinePaperSnapshot } from './schema.ts';

// 在线考试 from an existing exam's structure (issue #18, decisions.md 2026-11-26): exams keep no
// question text, only numbers, types, option counts, keys and marks. So the online paper is the
// exam's answer sheet on screen: one numbered slot per question, answered against the paper the
// teacher hands out or shows. The numbers are the exam's own and never shuffled, otherwise the
// slots would not match the printed paper.

const KIND: Record<number, OnlinePaperQuestion['kind']> = { 1: 'single', 2: 'multiple', 3: 'judge' };
const KIND_NAME: Record<OnlinePaperQuestion['kind'], string> = {
  single: '单选',
  multiple: '多选',
  judge: '判断',
  text: '主观题',
};

/** The exam's structure as PaperExamInput's groups and questions (questions without a 大题 go last). */
export function structureInput(groups: QuestionGroup[], questions: ExamQuestion[]) {
  const names = groups.map((g) => g.name);
  const index = new Map(groups.map((g, i) => [g.groupId, i]));
  if (questions.some((q) => q.groupId === null || !index.has(q.groupId))) names.push('其他');
  return {
    groups: names,
    questions: questions.map((q) => ({
      questionNo: q.questionNo,
      kind: q.kind,
      objectiveType: q.objectiveType,
      optionCount: q.optionCount,
      answer: q.answer,
      fullMark: q.fullMark,
      partialMark: q.partialMark,
      groupIndex: (q.groupId !== null ? index.get(q.groupId) : undefined) ?? names.length - 1,
      knowledgePoints: q.knowledgePoints,
    })),
  };
}

/** The answer-slot stem: what the student reads on screen beside the printed question. */
export function slotStem(kind: OnlinePaperQuestion['kind'], questionNo: string, optionCount: number | null): string {
  const what =
    kind === 'single' || kind === 'multiple' ? `${KIND_NAME[kind]}，${optionCount ?? 0} 个选项` : KIND_NAME[kind];
  return `请对照试卷第 ${questionNo} 题作答（${what}）`;
}

/** The online paper of answer slots, from the new exam's own groups and questions. */
export function slotSnapshot(groups: QuestionGroup[], questions: ExamQuestion[]): OnlinePaperSnapshot {
  const slot = (q: ExamQuestion): OnlinePaperQuestion => {
    const kind = q.kind === 1 ? (KIND[q.objectiveType ?? 1] ?? 'single') : 'text';
    const choice = kind === 'single' || kind === 'multiple';
    return {
      questionId: q.questionId,
      questionNo: q.questionNo,
      kind,
      stem: slotStem(kind, q.questionNo, q.optionCount),
      // Empty option texts: the letters are the slots, the options' words are on the paper.
      options: choice ? Array.from({ length: q.optionCount ?? 0 }, () => '') : [],
      fullMark: q.fullMark,
      key: q.kind === 1 ? q.answer : null,
      explanation: null,
    };
  };
  const sections = groups.map((g) => ({
    title: g.name,
    questions: questions.filter((q) => q.groupId === g.groupId).map(slot),
  }));
  return { sections: sections.filter((s) => s.questions.length > 0) };
}

/** The source exam: the school's (403 another school's, 404 unknown), with questions. */
export async function sourceStructure(db: Db, actor: Actor, schoolId: string, seId: string) {
  if (actor.type !== 1 && actor.type !== 5) throw forbidden('仅教师可以建在线考试');
  const single = await ownSingleExam(db, actor, schoolId, seId);
  const { groups, questions } = await examStructureOf(db, single.id);
  if (questions.length === 0) {
    throw badInput('该考试还没有题目结构，请先在考试的“题目设置”中录入题目', { field: 'fromSeId' });
  }
  return { courseId: String(single.courseId), ...structureInput(groups, questions) };
}

/** The school's exam subjects with a structure (新建在线考试's 已有考试的结构 list). */
export async function structureSources(db: Db, actor: Actor, schoolId: string): Promise<OnlineExamSource[]> {
  const id = schoolOf(actor, schoolId);
  const rows = await making.structureSources(db, id);
  return rows.map((r) => ({
    seId: String(r.seId),
    examName: r.examName,
    courseName: r.courseName,
    gradeName: r.gradeName,
    examDate: r.examDate,
    questionCount: Number(r.questionCount),
    fullMark: r.fullMark,
  }));
}
