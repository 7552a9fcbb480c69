import type { ExamQuestion, OnlineExamSummary, QuestionGroup, UserPaperDetail } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { badInput, forbidden, notFound } from '../../platform/errors.ts';
import { raceToConflict } from '../../platform/tenancy.ts';
import { createExamFromPaper, examStructureOf, type PaperExamInput } from '../exams/index.ts';
import { createDefaultBlocks } from '../marking/index.ts';
import { createPaperExports } from '../question-bank/index.ts';
import { paperStructure } from '../scanning/index.ts';
import { slotSnapshot, sourceStructure } from './from-structure.ts';
import type { OnlineExamRow } from './repo.ts';
import * as repo from './repo.ts';
import type { OnlinePaperQuestion, OnlinePaperSnapshot } from './schema.ts';

// 在线考试 made from a 我的试卷 paper (issue #18): a real exam of the exams module (its rules: the
// school administrator for any classes of the grade, a teacher for classes they teach the course
// in), a 题块 per subjective question for the marking desk, and the paper's snapshot with the
// window, the duration and the settings.

export interface SaveOnlineExam {
  schoolId: string;
  /** The source: a 我的试卷 paper or an exam subject's structure (exactly one). */
  paperId?: string | undefined;
  fromSeId?: string | undefined;
  name: string;
  schyId: string;
  termId: string;
  gradeId: string;
  classIds: string[];
  /** Single students besides the classes. */
  studentIds?: string[];
  opensAt: string;
  closesAt: string;
  durationMinutes: number;
  shuffle: boolean;
  releaseAnswers: boolean;
}

const KINDS: Record<number, OnlinePaperQuestion['kind']> = { 1: 'single', 2: 'multiple', 3: 'judge' };

/** The school's calendar day (China, UTC+8) of an instant: the exam's date. */
const schoolDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);

export function snapshotOf(
  paper: UserPaperDetail,
  examQuestions: {
    questionId: string;
    questionNo: string;
    kind: number;
    objectiveType: number | null;
    answer: string | null;
    fullMark: number;
  }[],
): OnlinePaperSnapshot {
  const bank = new Map(paper.questions.map((q) => [q.quesId, q]));
  const byNo = new Map(examQuestions.map((q) => [q.questionNo, q]));
  let n = 0;
  return {
    sections: paper.paper.sections.map((section) => ({
      title: section.title,
      questions: section.questions.map((item) => {
        n += 1;
        const q = bank.get(item.quesId)!;
        const eq = byNo.get(String(n))!;
        const kind = eq.kind === 1 ? (KINDS[eq.objectiveType ?? 1] ?? 'single') : 'text';
        return {
          questionId: eq.questionId,
          questionNo: eq.questionNo,
          kind,
          stem: item.edited?.stem ?? q.stem,
          options: kind === 'single' || kind === 'multiple' ? (item.edited?.options ?? q.options ?? []) : [],
          fullMark: eq.fullMark,
          key: eq.kind === 1 ? eq.answer : (item.edited?.answer ?? q.answer),
          explanation: item.edited?.explanation ?? q.explanation,
        };
      }),
    })),
  };
}

export function summaryOf(
  exam: OnlineExamRow,
  courseName: string,
  figures: { students: number; submitted: number },
): OnlineExamSummary {
  return {
    onlineExamId: String(exam.id),
    seId: String(exam.singleExamId),
    meId: String(exam.multiExamId),
    name: exam.name,
    courseName,
    opensAt: exam.opensAt.toISOString(),
    closesAt: exam.closesAt.toISOString(),
    durationMinutes: exam.durationMinutes,
    shuffle: exam.shuffle,
    releaseAnswers: exam.releaseAnswers,
    releasedAt: exam.releasedAt?.toISOString() ?? null,
    studentCount: figures.students,
    submittedCount: figures.submitted,
  };
}

/** The online exam, for its maker or the school administrator of its school. */
export async function manageableExam(db: Db, actor: Actor, id: number) {
  const exam = await repo.examById(db, id);
  if (!exam || !actor.schoolIds.includes(exam.schoolId)) throw notFound('在线考试不存在');
  if (!(actor.type === 5 && actor.schoolId === exam.schoolId) && exam.createdBy !== actor.userId) {
    throw forbidden('只有出卷教师或教务管理员可以管理该在线考试');
  }
  return exam;
}

type Source = Pick<PaperExamInput, 'courseId' | 'groups' | 'questions'>;
type Snapshot = (groups: QuestionGroup[], questions: ExamQuestion[]) => OnlinePaperSnapshot;

export function createOnlineExamMaking(db: Db) {
  const papers = createPaperExports(db);

  async function summaries(rows: OnlineExamRow[]) {
    const figures = await repo.counts(
      db,
      rows.map((r) => r.id),
      rows.map((r) => r.singleExamId),
    );
    const out: OnlineExamSummary[] = [];
    for (const row of rows) {
      const course = await repo.courseNameOf(db, row.singleExamId);
      out.push(
        summaryOf(row, course.name, {
          students: figures.students.get(row.singleExamId) ?? 0,
          submitted: figures.submitted.get(row.id) ?? 0,
        }),
      );
    }
    return out;
  }

  /** The exam, its 题块 and the online exam in one transaction, whatever the source. */
  async function make(actor: Actor, p: Omit<SaveOnlineExam, 'paperId'>, source: Source, snapshot: Snapshot) {
    const classIds = p.classIds;
    const studentIds = p.studentIds ?? [];
    // exams seats every class of the grade when given none: an online exam is given explicitly.
    if (classIds.length === 0 && studentIds.length === 0) {
      throw badInput('请至少选择一个班级或一名学生', { field: 'classIds' });
    }
    const row = await db
      .transaction(async (tx) => {
        const exam = await createExamFromPaper(tx, actor, {
          schoolId: p.schoolId,
          name: p.name,
          schyId: p.schyId,
          termId: p.termId,
          gradeId: p.gradeId,
          classIds,
          studentIds,
          examDate: schoolDay(p.opensAt),
          examType: 5,
          ...source,
        });
        const { groups, questions } = await examStructureOf(tx, exam.seId);
        const schoolId = Number(p.schoolId);
        await createDefaultBlocks(tx, {
          schoolId,
          seId: exam.seId,
          questions: questions
            .filter((q) => q.kind === 2)
            .map((q) => ({ questionId: Number(q.questionId), questionNo: q.questionNo, fullMarks: q.fullMark })),
        });
        return repo.insertOnlineExam(tx, {
          schoolId,
          multiExamId: exam.meId,
          singleExamId: exam.seId,
          name: p.name,
          opensAt: new Date(p.opensAt),
          closesAt: new Date(p.closesAt),
          durationMinutes: p.durationMinutes,
          shuffle: p.shuffle,
          releaseAnswers: p.releaseAnswers,
          paper: snapshot(groups, questions),
          createdBy: actor.userId,
        });
      })
      .catch(raceToConflict);
    return (await summaries([row]))[0]!;
  }

  return {
    summaries,
    async save(actor: Actor, p: SaveOnlineExam): Promise<OnlineExamSummary> {
      if (Date.parse(p.closesAt) <= Date.parse(p.opensAt)) {
        throw badInput('截止时间必须晚于开考时间', { field: 'closesAt' });
      }
      if ((p.paperId === undefined) === (p.fromSeId === undefined)) {
        throw badInput('请选择一个来源：我的试卷或已有考试的结构', { field: 'paperId' });
      }
      if (p.fromSeId !== undefined) {
        const source = await sourceStructure(db, actor, p.schoolId, p.fromSeId);
        // Slots answer a printed paper by its numbers: never shuffled (from-structure.ts).
        return make(actor, { ...p, shuffle: false }, source, slotSnapshot);
      }
      const paper = await papers.paper(actor, p.paperId!);
      return this.fromPaper(actor, paper, p);
    },

    /** The exam from a paper already read (the caller's, through question-bank's door; or the demo's). */
    async fromPaper(actor: Actor, paper: UserPaperDetail, p: Omit<SaveOnlineExam, 'paperId'>) {
      if (paper.courseId === null) throw badInput('试卷没有学科，请先在组卷中选择学科', { field: 'paperId' });
      return make(actor, p, { courseId: paper.courseId, ...paperStructure(paper) }, (_groups, questions) =>
        snapshotOf(paper, questions),
      );
    },

    /** 在线考试 list: the school's for its administrator, a teacher's own otherwise. */
    async list(actor: Actor, schoolId: string) {
      const id = Number(schoolId);
      if (!actor.schoolIds.includes(id)) throw forbidden('无权访问其他学校的数据');
      const rows = await repo.examsOfSchool(db, id);
      return summaries(actor.type === 5 ? rows : rows.filter((r) => r.createdBy === actor.userId));
    },
  };
}
