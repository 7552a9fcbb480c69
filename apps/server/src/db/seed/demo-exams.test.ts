import { validateTemplate } from '@huikao/answer-card';
import { DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { scoreObjective, sumScores } from '@huikao/stats';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  cardTemplates,
  cardTemplateVersions,
  eduCourses,
  examQuestionGroups,
  examQuestions,
  examStudents,
  multiExams,
  onlineExams,
  schools,
  scoreRecords,
  singleExams,
  studentScores,
  students,
} from '../schema.ts';
import { DEMO_EXAMS } from './demo-exam-calendar.ts';
import { DEMO_ONLINE_EXAM } from './demo-online-exam.ts';
import { DEMO_SCHOOL, seedDemoSchool } from './demo-school.ts';

// The demo exams as the tables hold them (issue #4 item 9).

describe('demo exams seed', () => {
  let t: TestApp;
  let firstExams: string[];
  beforeAll(async () => {
    t = await createTestApp();
    firstExams = (await seedDemoSchool(t.database.db)).exams;
  }, 180_000);
  afterAll(() => t.close());

  const load = async () => {
    const db = t.database.db;
    // The demo school's own exams (the partner schools of the 联考 have theirs: demo-school.test.ts).
    const [demo] = await db.select({ id: schools.id }).from(schools).where(eq(schools.code, DEMO_SCHOOL.code));
    const own = demo!.id;
    const [multis, singles, questions, sitters, scores, courses] = await Promise.all([
      db.select().from(multiExams).where(eq(multiExams.schoolId, own)).orderBy(asc(multiExams.id)),
      db.select().from(singleExams).where(eq(singleExams.schoolId, own)).orderBy(asc(singleExams.id)),
      db.select().from(examQuestions).where(eq(examQuestions.schoolId, own)).orderBy(asc(examQuestions.id)),
      db.select().from(examStudents).where(eq(examStudents.schoolId, own)).orderBy(asc(examStudents.id)),
      db.select().from(studentScores).where(eq(studentScores.schoolId, own)).orderBy(asc(studentScores.id)),
      db.select().from(eduCourses),
    ]);
    const courseName = new Map(courses.map((c) => [c.id, c.name]));
    return { multis, singles, questions, sitters, scores, courseName };
  };

  it('creates three published 八年级 exams over nine subjects, every student in every subject', async () => {
    expect(firstExams).toEqual(DEMO_EXAMS.map((e) => e.name));
    const { multis, singles, questions, sitters, courseName } = await load();
    // The online 数学 practice (issue #18) is an exam of 八年级 too; it has its own test below.
    const eighth = multis.filter((m) => m.gradeId === 8 && m.name !== DEMO_ONLINE_EXAM);
    expect(eighth.map((m) => [m.name, m.examType, m.startDate])).toEqual([
      ['八年级第一次月考', 1, '2026-09-26'],
      ['八年级期中考试', 2, '2026-11-05'],
      ['八年级第二次月考', 1, '2026-11-19'],
    ]);
    for (const m of eighth) {
      expect(m).toMatchObject({ status: 4, publishedToStudents: true, hiddenStudentOrder: '011' });
      expect(m.settings).toEqual({ ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: null });
      expect(m.publishedAt).not.toBeNull();
      const own = singles.filter((s) => s.multiExamId === m.id);
      expect(own.map((s) => courseName.get(s.courseId)).sort()).toEqual(
        ['语文', '数学', '英语', '物理', '道德与法治', '历史', '地理', '生物', '信息技术'].sort(),
      );
      for (const s of own) {
        expect(s.status).toBe(3);
        const qs = questions.filter((q) => q.singleExamId === s.id);
        expect(sumScores(qs.map((q) => q.fullMark))).toBe(s.fullMark);
        expect(qs.every((q) => q.knowledgePoints.length > 0)).toBe(true);
        expect(sitters.filter((e) => e.singleExamId === s.id)).toHaveLength(6 * 45);
      }
      const fullMarks = Object.fromEntries(own.map((s) => [courseName.get(s.courseId), s.fullMark]));
      expect(fullMarks).toMatchObject({ 语文: 120, 数学: 120, 英语: 120, 物理: 100, 信息技术: 50 });
    }
    const maths = questions.filter((q) => q.singleExamId === singles.find((s) => s.courseId === 2)!.id);
    expect(maths.map((q) => q.questionNo)).toEqual(expect.arrayContaining(['1', '11', '17(1)', '17(2)', '24(3)']));
    const groups = await t.database.db
      .select()
      .from(examQuestionGroups)
      .where(eq(examQuestionGroups.singleExamId, maths[0]!.singleExamId));
    expect(groups.map((g) => g.name)).toEqual(['一、选择题', '二、填空题', '三、解答题']);
  });

  it('derives every score row: objective scores from the key, totals the sum of question scores', async () => {
    const { questions, scores, sitters } = await load();
    const question = new Map(questions.map((q) => [q.id, q]));
    const perExam = new Map<number, number>();
    for (const q of questions) perExam.set(q.singleExamId, (perExam.get(q.singleExamId) ?? 0) + 1);
    const absent = new Map(sitters.map((e) => [e.id, e.absent]));
    // Problems are collected, not asserted one by one: there are half a million checks.
    const problems: string[] = [];
    for (const row of scores) {
      const at = `score row ${row.id}`;
      if (absent.get(row.examStudentId)) {
        if (Object.keys(row.scores).length > 0 || row.totalScore !== null) problems.push(`${at}: absent with scores`);
        continue;
      }
      const entries = Object.entries(row.scores).map(([id, score]) => [question.get(Number(id))!, score] as const);
      if (entries.length !== perExam.get(row.singleExamId)) problems.push(`${at}: ${entries.length} questions`);
      for (const [q, score] of entries) {
        if (q.singleExamId !== row.singleExamId) problems.push(`${at}: question ${q.id} of another exam`);
        if (score < 0 || score > q.fullMark) problems.push(`${at}: ${q.questionNo} scored ${score}/${q.fullMark}`);
        const keyed =
          q.kind === 1 ? scoreObjective({ ...q, objectiveType: q.objectiveType! }, row.choices[q.id]) : score;
        if (score !== keyed) problems.push(`${at}: ${q.questionNo} scored ${score}, key gives ${keyed}`);
      }
      const objective = sumScores(entries.filter(([q]) => q.kind === 1).map(([, s]) => s));
      if (row.totalScore !== sumScores(entries.map(([, s]) => s))) problems.push(`${at}: total ${row.totalScore}`);
      if (row.objectiveScore !== objective) problems.push(`${at}: objective ${row.objectiveScore}`);
      if (sumScores([row.objectiveScore!, row.subjectiveScore!]) !== row.totalScore) problems.push(`${at}: parts`);
    }
    expect(problems).toEqual([]);
    expect(scores.length).toBeGreaterThan(3 * 9 * 270);
    expect(await t.database.db.select().from(scoreRecords)).toEqual([]);
  });

  it('has a few absentees, different students per subject, and student01 present and above the median', async () => {
    const { multis, singles, sitters, scores } = await load();
    const [student01] = await t.database.db.select().from(students).where(eq(students.studentNo, '20240801'));
    for (const m of multis.filter((x) => x.status === 4)) {
      const own = singles.filter((s) => s.multiExamId === m.id);
      const sittings = sitters.filter((e) => own.some((s) => s.id === e.singleExamId));
      const absent = sittings.filter((e) => e.absent);
      expect(absent.length).toBeGreaterThan(0);
      expect(absent.length / sittings.length).toBeLessThan(0.015);
      const bySubject = own.map((s) =>
        absent
          .filter((e) => e.singleExamId === s.id)
          .map((e) => e.studentId)
          .join(),
      );
      expect(new Set(bySubject).size).toBeGreaterThan(1);
      for (const s of own) {
        const totals = scores.filter((r) => r.singleExamId === s.id && r.totalScore !== null).map((r) => r.totalScore!);
        const mine = scores.find((r) => r.singleExamId === s.id && r.studentId === student01!.id)!;
        expect(mine.totalScore).not.toBeNull();
        const above = totals.filter((x) => x > mine.totalScore!).length;
        expect(above / totals.length).toBeLessThan(0.5);
      }
    }
  });

  it('leaves the 九年级 exam in progress: unpublished, scores entered for some subjects and classes', async () => {
    const { multis, singles, sitters, scores, courseName } = await load();
    const ninth = multis.filter((m) => m.gradeId === 9);
    expect(ninth).toHaveLength(1);
    expect(ninth[0]).toMatchObject({
      name: '九年级11月月考',
      status: 2,
      publishedToStudents: false,
      publishedAt: null,
    });
    const own = singles.filter((s) => s.multiExamId === ninth[0]!.id);
    expect(own.map((s) => courseName.get(s.courseId))).toEqual([
      '语文',
      '数学',
      '英语',
      '物理',
      '化学',
      '道德与法治',
      '历史',
    ]);
    const entered = own.map((s) => {
      expect(s.status).toBe(2);
      expect(sitters.filter((e) => e.singleExamId === s.id)).toHaveLength(6 * 45);
      return scores.filter((r) => r.singleExamId === s.id).length;
    });
    expect(entered).toEqual([270, 180, 270, 135, 45, 0, 0]);
  });

  it('gives 九年级11月月考 a printed answer card for every subject, generated from its questions', async () => {
    const { multis, singles, questions, courseName } = await load();
    const ninth = multis.find((m) => m.name === '九年级11月月考')!;
    const own = singles.filter((s) => s.multiExamId === ninth.id);
    const cards = await t.database.db.select().from(cardTemplates);
    const versions = await t.database.db.select().from(cardTemplateVersions);
    expect(cards.map((c) => c.singleExamId).sort((a, b) => a - b)).toEqual(own.map((s) => s.id));
    for (const card of cards) {
      const course = courseName.get(own.find((s) => s.id === card.singleExamId)!.courseId);
      const count = questions.filter((q) => q.singleExamId === card.singleExamId).length;
      const [version] = versions.filter((v) => v.templateId === card.id);
      expect(card, course).toMatchObject({ status: 'printed', version: 1 });
      expect(version!.printedAt).not.toBeNull();
      expect(version!.template.questions, course).toHaveLength(count);
      expect(version!.template.settings.paper, course).toBe(count > 20 ? 'A3' : 'A4');
      expect(validateTemplate(version!.template), course).toEqual([]);
    }
  });

  it('has the 八年级 数学 online practice open now for student01’s class, 40 minutes a sitting', async () => {
    const db = t.database.db;
    const [exam] = await db.select().from(onlineExams).where(eq(onlineExams.name, DEMO_ONLINE_EXAM));
    expect(exam).toMatchObject({ durationMinutes: 40 });
    expect(exam!.opensAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(exam!.closesAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    expect(exam!.paper.sections.map((s) => s.questions[0]!.kind)).toEqual(['single', 'text', 'text']);
    const [student01] = await db.select().from(students).where(eq(students.studentNo, '20240801'));
    const seated = await db.select().from(examStudents).where(eq(examStudents.singleExamId, exam!.singleExamId));
    expect(seated.map((r) => r.studentId)).toContain(student01!.id);
  });

  it('changes nothing when run again', async () => {
    const before = await load();
    const again = await seedDemoSchool(t.database.db);
    expect(again.onlineExam).toBe(false);
    expect(again.exams).toEqual([]);
    expect(again.cards).toBe(0);
    expect(await load()).toEqual(before);
  });
});
