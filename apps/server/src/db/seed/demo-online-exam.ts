import type { UserPaperDetail } from '@huikao/contracts';
import { and, asc, eq, gte, isNotNull, like, lte } from 'drizzle-orm';
import { createOnlineExamFromPaper } from '../../modules/online-exam/index.ts';
import { schoolToday } from '../../modules/school-base/index.ts';
import type { Db } from '../../platform/db.ts';
import {
  classes,
  eduCourses,
  gradeTerms,
  onlineExams,
  qbQuestions,
  qbQuestionTypes,
  schools,
  students,
  users,
} from '../schema.ts';
import { DEMO_LINKED } from './demo-base-data.ts';

// The demo's online exam (issue #18): an 八年级 数学 practice, open from the moment of seeding for
// 30 days, 40 minutes a sitting, given to student01's class: a choice, a 填空 and a 解答 from the
// seeded question bank. Made by admin01 through the online-exam rules, so it is a real exam.

export const DEMO_ONLINE_EXAM = '八年级数学在线练习';
const DAY = 24 * 3600_000;

async function pick(db: Db, courseId: number, type: string, choice: boolean) {
  const [row] = await db
    .select({ q: qbQuestions, typeName: qbQuestionTypes.name })
    .from(qbQuestions)
    .innerJoin(qbQuestionTypes, eq(qbQuestionTypes.id, qbQuestions.typeId))
    .where(
      and(
        eq(qbQuestions.courseId, courseId),
        like(qbQuestionTypes.name, `%${type}%`),
        choice ? isNotNull(qbQuestions.options) : undefined,
        choice ? lte(qbQuestions.answer, 'D') : undefined,
      ),
    )
    .orderBy(asc(qbQuestions.id))
    .limit(1);
  return row ?? null;
}

export async function seedDemoOnlineExam(db: Db, schoolCode: string, now = new Date()): Promise<boolean> {
  const [school] = await db.select().from(schools).where(eq(schools.code, schoolCode));
  if (!school) return false;
  const [done] = await db
    .select({ id: onlineExams.id })
    .from(onlineExams)
    .where(and(eq(onlineExams.schoolId, school.id), eq(onlineExams.name, DEMO_ONLINE_EXAM)));
  if (done) return false;
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.loginName, DEMO_LINKED.admin.loginName), eq(users.schoolId, school.id)));
  const [student] = await db
    .select({ classId: students.classId, gradeId: classes.gradeId })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(and(eq(students.schoolId, school.id), eq(students.studentNo, DEMO_LINKED.student.studentNo)));
  const today = schoolToday();
  const [term] = await db
    .select()
    .from(gradeTerms)
    .where(and(eq(gradeTerms.schoolId, school.id), lte(gradeTerms.startDate, today), gte(gradeTerms.endDate, today)));
  const [math] = await db.select().from(eduCourses).where(eq(eduCourses.name, '数学'));
  if (!admin || !student || !term || !math) return false;
  const chosen = [
    await pick(db, math.id, '单选', true),
    await pick(db, math.id, '填空', false),
    await pick(db, math.id, '解答', false),
  ];
  if (chosen.some((c) => c === null)) return false;
  type Picked = NonNullable<(typeof chosen)[number]>;
  const [choice, fill, answer] = chosen as [Picked, Picked, Picked];
  const asQuestion = (row: Picked) =>
    ({
      quesId: String(row.q.id),
      questionTypeName: row.typeName,
      stem: row.q.stem,
      options: row.q.options,
      answer: row.q.answer,
      explanation: row.q.explanation,
      knowledgePoints: [],
    }) as unknown as UserPaperDetail['questions'][number];
  const item = (row: Picked, score: number) => ({
    quesId: String(row.q.id),
    score,
    answerHeightMm: null,
    edited: null,
  });
  const paper = {
    paperId: '0',
    courseId: String(math.id),
    paper: {
      sections: [
        { title: '一、选择题', questionTypeId: null, totalScore: 4, questions: [item(choice, 4)] },
        { title: '二、填空题', questionTypeId: null, totalScore: 6, questions: [item(fill, 6)] },
        { title: '三、解答题', questionTypeId: null, totalScore: 10, questions: [item(answer, 10)] },
      ],
    },
    questions: [choice, fill, answer].map(asQuestion),
  } as unknown as UserPaperDetail;
  const actor = {
    userId: admin.id,
    loginName: admin.loginName,
    name: admin.name,
    type: 5 as const,
    schoolId: school.id,
    userCode: '',
    sessionId: 0,
    token: '',
    schoolIds: [school.id],
  };
  await createOnlineExamFromPaper(db, actor, paper, {
    schoolId: String(school.id),
    name: DEMO_ONLINE_EXAM,
    schyId: String(term.schoolYearId),
    termId: String(term.id),
    gradeId: String(student.gradeId),
    classIds: [String(student.classId)],
    opensAt: now.toISOString(),
    closesAt: new Date(now.getTime() + 30 * DAY).toISOString(),
    durationMinutes: 40,
    shuffle: true,
    releaseAnswers: true,
  });
  return true;
}
