import { DEFAULT_HIDDEN_STUDENT_ORDER, DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { derivePaper } from '../../modules/exams/index.ts';
import type { Db, Tx } from '../../platform/db.ts';
import {
  classes,
  classYears,
  eduCourses,
  examQuestionGroups,
  examQuestions,
  examStudents,
  gradeTerms,
  multiExams,
  schools,
  schoolYears,
  singleExams,
  studentScores,
  students,
  users,
} from '../schema.ts';
import { DEMO_LINKED } from './demo-base-data.ts';
import { CLASS_OFFSETS, DEMO_EXAMS, type DemoExam, STUDENT01_ABILITY } from './demo-exam-calendar.ts';
import { buildPaper, type PaperGroup } from './demo-exam-papers.ts';
import { abilities, type DemoStudent, randomFor, type Sitting, sitExam } from './demo-irt.ts';

// The demo school's exams of 2026-2027 上学期 (issue #4): three finished and published exams of
// 八年级 and one 九年级 exam in the middle of score entry. Answers come from the item-response
// model of demo-irt.ts; totals are derived with the server's own derivePaper. The seed writes no
// score_records: those audit changes made by people, and nobody changed these scores.

const YEAR = '2026-2027学年';
const CHUNK = 500;

const chunks = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, i) => rows.slice(i * CHUNK, (i + 1) * CHUNK));
const two = (n: number) => String(n).padStart(2, '0');

/** How another school of the demo area sits the same papers (the 联考 of demo-union.ts). */
export interface ExamSeedOptions {
  exams?: readonly DemoExam[];
  /** Class differences of the school's grade (class 1 first); the demo school's by default. */
  classOffsets?: readonly number[];
  /** Exam name → union key: the exam joins the 联考 of that key. */
  unionKeys?: Readonly<Record<string, string>>;
}

/** Seeds the demo exams that are missing; an exam that exists is left as it is. Returns the names created. */
export async function seedDemoExams(db: Db, schoolCode: string, options: ExamSeedOptions = {}): Promise<string[]> {
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, schoolCode));
  const [year] = await db
    .select({ id: schoolYears.id })
    .from(schoolYears)
    .where(and(eq(schoolYears.schoolId, school!.id), eq(schoolYears.name, YEAR)));
  const [term] = await db
    .select({ id: gradeTerms.id })
    .from(gradeTerms)
    .where(and(eq(gradeTerms.schoolYearId, year!.id), eq(gradeTerms.termNo, 1)));
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.loginName, DEMO_LINKED.admin.loginName), eq(users.schoolId, school!.id)));
  const courseRows = await db.select({ id: eduCourses.id, name: eduCourses.name }).from(eduCourses);
  const courseId = new Map(courseRows.map((c) => [c.name, c.id]));
  const context = { schoolId: school!.id, schoolYearId: year!.id, termId: term!.id, adminId: admin?.id ?? null };

  const created: string[] = [];
  for (const exam of options.exams ?? DEMO_EXAMS) {
    const [existing] = await db
      .select({ id: multiExams.id })
      .from(multiExams)
      .where(
        and(
          eq(multiExams.schoolId, context.schoolId),
          eq(multiExams.schoolYearId, context.schoolYearId),
          eq(multiExams.gradeId, exam.gradeCode),
          eq(multiExams.name, exam.name),
        ),
      );
    if (existing) continue;
    const roster = await rosterOf(db, context.schoolId, context.schoolYearId, exam.gradeCode);
    const plan = planExam(exam, roster, options.classOffsets ?? CLASS_OFFSETS[exam.gradeCode] ?? []);
    const unionKey = options.unionKeys?.[exam.name] ?? null;
    await db.transaction((tx) => writeExam(tx, { ...context, unionKey }, exam, plan, roster, courseId));
    created.push(exam.name);
  }
  return created;
}

interface RosterStudent {
  id: number;
  classId: number;
  classNo: number;
  studentNo: string;
  examNo: string | null;
}

/** The grade's students of the school year, in 学号 order; classNo is 1 for 八年级(1)班. */
async function rosterOf(db: Db, schoolId: number, schoolYearId: number, gradeId: number): Promise<RosterStudent[]> {
  const gradeClasses = await db
    .select({ id: classes.id, name: classes.name })
    .from(classYears)
    .innerJoin(classes, eq(classes.id, classYears.classId))
    .where(
      and(eq(classYears.schoolYearId, schoolYearId), eq(classYears.gradeId, gradeId), eq(classes.schoolId, schoolId)),
    );
  const classNo = new Map(gradeClasses.map((c) => [c.id, Number(/\((\d+)\)/.exec(c.name)?.[1] ?? 0)]));
  const rows = await db
    .select({ id: students.id, classId: students.classId, studentNo: students.studentNo, examNo: students.examNo })
    .from(students)
    .where(
      and(
        eq(students.status, 1),
        inArray(
          students.classId,
          gradeClasses.map((c) => c.id),
        ),
      ),
    )
    .orderBy(asc(students.examNo), asc(students.studentNo));
  return rows.map((r) => ({ ...r, classNo: classNo.get(r.classId)! }));
}

interface CoursePlan {
  course: string;
  groups: PaperGroup[];
  sittings: Sitting[];
}

/** Papers and every student's answers, computed before the transaction (no CPU work inside it). */
function planExam(exam: DemoExam, roster: RosterStudent[], classOffsets: readonly number[]): CoursePlan[] {
  const people: DemoStudent[] = roster.map((s) => ({
    key: s.studentNo,
    classIndex: s.classNo - 1,
    generalAbility: s.studentNo === DEMO_LINKED.student.studentNo ? STUDENT01_ABILITY : undefined,
  }));
  // The same abilities for every exam of the grade and year, so a student's standing persists.
  const theta = abilities(`${YEAR}|${exam.gradeCode}`, people, exam.courses, { classOffsets });
  const present = new Set([DEMO_LINKED.student.studentNo]);
  return exam.courses.map((course) => {
    const groups = buildPaper(randomFor(`${exam.name}|${course}|paper`), course, exam.gradeCode, exam.cover);
    const thetas = people.map((p) => ({ key: p.key, theta: theta.get(p.key)!.get(course)! }));
    const sittings = sitExam(
      `${exam.name}|${course}|answers`,
      thetas,
      groups.flatMap((g) => g.questions),
      { present },
    );
    return { course, groups, sittings };
  });
}

async function writeExam(
  tx: Tx,
  context: { schoolId: number; schoolYearId: number; termId: number; adminId: number | null; unionKey: string | null },
  exam: DemoExam,
  plan: CoursePlan[],
  roster: RosterStudent[],
  courseId: Map<string, number>,
): Promise<void> {
  const { schoolId } = context;
  const published = exam.status === 4;
  const createdAt = new Date(`${exam.startDate}T09:00:00+08:00`);
  createdAt.setDate(createdAt.getDate() - 7);
  const [multi] = await tx
    .insert(multiExams)
    .values({
      schoolId,
      name: exam.name,
      schoolYearId: context.schoolYearId,
      termId: context.termId,
      gradeId: exam.gradeCode,
      examType: exam.examType,
      startDate: exam.startDate,
      endDate: exam.endDate,
      status: exam.status,
      hiddenStudentOrder: DEFAULT_HIDDEN_STUDENT_ORDER,
      unionKey: context.unionKey,
      publishedToStudents: published,
      settings: { ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: null },
      createdBy: context.adminId,
      createdAt,
      updatedAt: published ? new Date(exam.publishedAt!) : createdAt,
      finalisedAt: published ? new Date(`${exam.endDate}T18:00:00+08:00`) : null,
      publishedAt: published ? new Date(exam.publishedAt!) : null,
    })
    .returning({ id: multiExams.id });

  const singles = await tx
    .insert(singleExams)
    .values(
      plan.map((p, i) => ({
        schoolId,
        multiExamId: multi!.id,
        courseId: courseId.get(p.course)!,
        fullMark: p.groups.reduce((sum, g) => sum + g.questions.reduce((s, q) => s + q.fullMark, 0), 0),
        // Half the subjects on the first day, the rest on the second.
        examDate: i < Math.ceil(plan.length / 2) ? exam.startDate : exam.endDate,
        status: published ? 3 : 2,
        createdAt,
      })),
    )
    .returning({ id: singleExams.id });

  const roomOf = (index: number) => `第${two(Math.floor(index / 30) + 1)}考场`;
  for (const [i, p] of plan.entries()) {
    const seId = singles[i]!.id;
    const groupIds = await tx
      .insert(examQuestionGroups)
      .values(p.groups.map((g, k) => ({ schoolId, singleExamId: seId, name: g.name, sortOrder: k + 1 })))
      .returning({ id: examQuestionGroups.id });
    let sortOrder = 0;
    const questionRows = p.groups.flatMap((g, k) =>
      g.questions.map((q) => ({
        schoolId,
        singleExamId: seId,
        groupId: groupIds[k]!.id,
        questionNo: q.questionNo,
        sortOrder: ++sortOrder,
        kind: q.kind,
        objectiveType: q.objectiveType,
        optionCount: q.optionCount,
        answer: q.answer,
        fullMark: q.fullMark,
        partialMark: q.partialMark,
        knowledgePoints: q.knowledgePoints,
      })),
    );
    const inserted = await tx.insert(examQuestions).values(questionRows).returning();
    // In paper order, matched by number rather than trusting the order of RETURNING.
    const byNo = new Map(inserted.map((q) => [q.questionNo, q]));
    const questions = questionRows.map((q) => byNo.get(q.questionNo)!);

    const entered = exam.entered ? new Set(exam.entered[p.course] ?? []) : null;
    // 缺考 is marked when scores are entered, so only where they are.
    const absent = (k: number) => p.sittings[k]!.absent && (!entered || entered.has(roster[k]!.classNo));
    const esIds = new Map<number, number>();
    for (const part of chunks(roster.map((s, k) => ({ s, k })))) {
      const rows = await tx
        .insert(examStudents)
        .values(
          part.map(({ s, k }) => ({
            schoolId,
            singleExamId: seId,
            studentId: s.id,
            classId: s.classId,
            examNo: s.examNo ?? s.studentNo,
            room: roomOf(k),
            absent: absent(k),
          })),
        )
        .returning({ id: examStudents.id, studentId: examStudents.studentId });
      for (const r of rows) esIds.set(r.studentId, r.id);
    }

    const scoreRows = roster.flatMap((s, k) => {
      if (entered && !entered.has(s.classNo)) return [];
      const sitting = p.sittings[k]!;
      const paper = { scores: {} as Record<string, number>, choices: {} as Record<string, string> };
      sitting.responses.forEach((response, n) => {
        const key = String(questions[n]!.id);
        if ('choice' in response) paper.choices[key] = response.choice;
        else paper.scores[key] = response.score;
      });
      const derived = derivePaper(questions, { ...paper, totalScore: null, absent: absent(k) });
      return [
        {
          schoolId,
          singleExamId: seId,
          examStudentId: esIds.get(s.id)!,
          studentId: s.id,
          scores: derived.scores,
          choices: derived.choices,
          objectiveScore: derived.objectiveScore,
          subjectiveScore: derived.subjectiveScore,
          totalScore: derived.totalScore,
          totalOnly: derived.totalOnly,
          updatedAt: new Date(`${exam.endDate}T17:00:00+08:00`),
        },
      ];
    });
    for (const part of chunks(scoreRows)) await tx.insert(studentScores).values(part);
  }
}
