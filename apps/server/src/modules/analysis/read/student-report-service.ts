import {
  type ItemsReport,
  type OverviewReport,
  type StudentReport,
  type StudentRow,
  type StudentSubjectReport,
  type SubjectRef,
  type SummaryFigures,
  TOTAL_SUBJECT,
} from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import { findPracticeQuestions } from '../../question-bank/index.ts';
import { disclosureOf, type ExamContext, examContexts } from './context.ts';
import { type ExamRow, examById, examsWhere, singleExamById, studentOfUser, studentPaperScores } from './exams-repo.ts';
import type { CallParams } from './exams-service.ts';
import { reportPartsAtScopes, studentRowOf, studentRowsAcrossRuns } from './repo.ts';
import { checkStep } from './reports-service.ts';
import { type StoredReports, schoolRunKey } from './stored.ts';
import { type DisclosureRule, disclose, hidesScores, hidesStats, type Position } from './student-disclosure.ts';

// A student's own reports (student-subject-analysis, student-single-analysis): only exams published
// to students, only their own row, aggregates of their class and grade, and positions as the
// school's disclosure and the exam's hidden options allow (student-disclosure.ts).

const PRACTICE_QUESTIONS = 5;

interface Summaries {
  grade: SummaryFigures | null;
  klass: SummaryFigures | null;
}

export function createStudentReportService(db: Db, stored: StoredReports) {
  /** The signed-in student and a published exam of their school with their stored row. */
  async function mine(actor: Actor, schoolId: string, meId: number) {
    const school = schoolOf(actor, schoolId);
    const student = await studentOfUser(db, actor.userId, school);
    if (!student) throw forbidden('当前账号不是本校学生');
    const exam = ownedBy(await examById(db, meId), school, '考试不存在或已删除');
    if (exam.status !== 4 || !exam.publishedToStudents) throw forbidden('该考试的成绩尚未发布');
    const runKey = schoolRunKey(exam.id);
    const row = await studentRowOf(db, runKey, student.id);
    if (!row) {
      await stored.requireComputed(runKey);
      throw forbidden('你没有参加该考试');
    }
    const context = (await examContexts(db, [exam]))[0]!;
    const rule: DisclosureRule = { disclosure: disclosureOf(exam), hiddenStudentOrder: exam.hiddenStudentOrder };
    return { student, context, row, runKey, rule };
  }

  /** The grade's and the own class's summary of every subject (means, highest score, counts). */
  async function summaries(runKey: string, classId: string) {
    const rows = await reportPartsAtScopes(db, runKey, 'overview', ['grade', `class:${classId}`], 'summary');
    const of = (subjectKey: string, scopeKey: string) =>
      (rows.find((r) => r.subjectKey === subjectKey && r.scopeKey === scopeKey)?.part ?? null) as SummaryFigures | null;
    return (subjectKey: string): Summaries => ({
      grade: of(subjectKey, 'grade'),
      klass: of(subjectKey, `class:${classId}`),
    });
  }

  function position(row: StudentRow, subject: SubjectRef, docs: Summaries, rule: DisclosureRule): Position | null {
    const figures = row.subjects[subject.subjectKey];
    if (!figures) return null;
    const full = {
      score: figures.score,
      fullMark: subject.fullMark,
      classMean: docs.klass?.mean ?? null,
      gradeMean: docs.grade?.mean ?? null,
      gradeMax: docs.grade?.max ?? null,
      classRank: figures.classRank,
      gradeRank: figures.gradeRank,
      beat: figures.beat,
      t: figures.t,
    };
    return disclose(full, docs.grade?.count ?? null, rule);
  }

  /** The student's total over their published exams, oldest first, each as its own settings allow. */
  async function trendOf(schoolId: number, studentId: number): Promise<StudentReport['trend']> {
    const exams = (await examsWhere(db, { schoolIds: [schoolId], minStatus: 4, oldestFirst: true })).filter(
      (e) => e.publishedToStudents,
    );
    const rows = await studentRowsAcrossRuns(
      db,
      exams.map((e) => schoolRunKey(e.id)),
      studentId,
    );
    return exams.flatMap((exam: ExamRow) => {
      const figures = rows.get(schoolRunKey(exam.id))?.subjects[TOTAL_SUBJECT];
      if (!figures) return [];
      const rule = { disclosure: disclosureOf(exam), hiddenStudentOrder: exam.hiddenStudentOrder };
      const shown = disclose({ ...figures, fullMark: 0, classMean: null, gradeMean: null, gradeMax: null }, null, rule);
      return [
        {
          meId: String(exam.id),
          name: exam.name,
          startDate: exam.startDate,
          score: shown.score,
          t: shown.t,
          beat: shown.beat,
          gradeRank: shown.gradeRank,
        },
      ];
    });
  }

  async function mySingle(actor: Actor, schoolId: string, seId: string) {
    const single = await singleExamById(db, idOf(seId, '科目考试'));
    if (!single) throw notFound('科目考试不存在或已删除');
    const found = await mine(actor, schoolId, single.meId);
    const subject = found.context.subjects.find((s) => s.seId === String(single.seId))!;
    return { ...found, single, subject };
  }

  return {
    async getStudentReportMEVO(actor: Actor, p: CallParams<'getStudentReportMEVO'>): Promise<StudentReport> {
      const { student, context, row, runKey, rule } = await mine(actor, p.schoolId, idOf(p.meId, '考试'));
      const docs = await summaries(runKey, row.classId);
      const [total, ...courses] = context.subjects;
      const subjects = courses.flatMap((subject) => {
        const shown = position(row, subject, docs(subject.subjectKey), rule);
        return shown ? [{ ...shown, subject }] : [];
      });
      return {
        meId: String(context.exam.id),
        examName: context.exam.name,
        student: { studentId: String(student.id), name: row.name, className: row.className },
        disclosure: rule.disclosure,
        hiddenStudentOrder: rule.hiddenStudentOrder,
        total: position(row, total!, docs(TOTAL_SUBJECT), rule),
        subjects,
        weakest: nameOf(context, row.imbalance?.weakest ?? null),
        trend: await trendOf(context.exam.schoolId, student.id),
      };
    },

    async getStudentReportSEVO(actor: Actor, p: CallParams<'getStudentReportSEVO'>): Promise<StudentSubjectReport> {
      const { student, context, row, runKey, rule, single, subject } = await mySingle(actor, p.schoolId, p.seId);
      const docs = await summaries(runKey, row.classId);
      const shown = position(row, subject, docs(subject.subjectKey), rule);
      if (!shown) throw forbidden('你没有参加该科目考试');
      const grade = await stored.readOptional<ItemsReport>(runKey, 'items', subject.subjectKey, 'grade');
      const klass = await stored.readOptional<ItemsReport>(runKey, 'items', subject.subjectKey, `class:${row.classId}`);
      const paper = await studentPaperScores(db, single.seId, student.id);
      const scores = paper && !paper.absent ? paper.scores : null;
      const classMeans = new Map((klass?.items ?? []).map((i) => [i.questionId, i.mean]));
      const questions = (grade?.items ?? []).map((item) => ({
        questionId: item.questionId,
        questionNo: item.questionNo,
        fullMark: item.fullMark,
        score: scores && !hidesScores(rule) ? (scores[item.questionId] ?? 0) : null,
        classMean: hidesStats(rule) ? null : (classMeans.get(item.questionId) ?? null),
        gradeMean: hidesStats(rule) ? null : item.mean,
        knowledgePoints: item.knowledgePoints,
      }));
      const lostByKnowledge = scores && !hidesScores(rule) ? lostPerPoint(grade?.items ?? [], scores) : [];
      const weakPoints = [...lostByKnowledge].sort((a, b) => b.lost - a.lost).filter((k) => k.lost > 0);
      return {
        meId: String(context.exam.id),
        seId: String(single.seId),
        examName: context.exam.name,
        position: { ...shown, subject },
        disclosure: rule.disclosure,
        questions,
        lostByKnowledge,
        practice: await findPracticeQuestions(db, {
          courseId: single.courseId,
          schoolId: context.exam.schoolId,
          knowledgePointNames: weakPoints.slice(0, 3).map((k) => k.name),
          limit: PRACTICE_QUESTIONS,
        }),
      };
    },

    /** The grade's score segments of one course at one step, with the student's own segment marked. */
    async getExamQuestionReportStepSEVO(actor: Actor, p: CallParams<'getExamQuestionReportStepSEVO'>) {
      const { row, runKey, rule, subject } = await mySingle(actor, p.schoolId, p.seId);
      checkStep(subject.subjectKey, p.step);
      if (hidesStats(rule)) throw ruleBroken('本次考试不公开班级和年级统计');
      const doc = await stored.read<OverviewReport>(runKey, 'overview', subject.subjectKey, 'grade');
      const score = hidesScores(rule) ? null : (row.subjects[subject.subjectKey]?.score ?? null);
      return {
        subject,
        segments: (doc.segments[String(p.step)] ?? []).map((s) => ({
          low: s.low,
          high: s.high,
          closedTop: s.closedTop,
          count: s.count,
          share: s.share,
          mine: score !== null && score >= s.low && (score < s.high || (s.closedTop && score <= s.high)),
        })),
      };
    },
  };
}

function nameOf(context: ExamContext, subjectKey: string | null): string | null {
  return subjectKey === null ? null : (context.subjects.find((s) => s.subjectKey === subjectKey)?.name ?? null);
}

/** Per knowledge point: the full marks of its questions and the points the student lost on them. */
function lostPerPoint(items: ItemsReport['items'], scores: Record<string, number>) {
  // In hundredths: scores have at most 2 decimals, and sums of them must not drift.
  const byName = new Map<string, { name: string; fullMark: number; lost: number }>();
  for (const item of items) {
    const full = Math.round(item.fullMark * 100);
    const lost = full - Math.round((scores[item.questionId] ?? 0) * 100);
    for (const name of item.knowledgePoints) {
      const entry = byName.get(name) ?? { name, fullMark: 0, lost: 0 };
      entry.fullMark += full;
      entry.lost += lost;
      byName.set(name, entry);
    }
  }
  return [...byName.values()].map((k) => ({ name: k.name, fullMark: k.fullMark / 100, lost: k.lost / 100 }));
}
