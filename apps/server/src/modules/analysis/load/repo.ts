import type { ExamLevelScheme } from '@huikao/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  analysisRuns,
  areas,
  classes,
  eduCourses,
  eduGrades,
  examLevelSchemes,
  examQuestionGroups,
  examQuestions,
  examStudents,
  multiExams,
  schools,
  singleExams,
  students,
} from '../../../db/schema.ts';
import type { Db } from '../../../platform/db.ts';

// The reads of one run's computation. Scores come one row per exam student and subject, with the
// question scores (and objective letters) as one comma-joined text in question order, built in
// SQL, and paged by student id so a 100,000-student union never holds all rows at once.

export type MemberRow = Awaited<ReturnType<typeof membersOf>>[number];

const memberColumns = {
  meId: multiExams.id,
  name: multiExams.name,
  schoolId: multiExams.schoolId,
  gradeId: multiExams.gradeId,
  gradeName: eduGrades.name,
  startDate: multiExams.startDate,
  status: multiExams.status,
  unionKey: multiExams.unionKey,
  settings: multiExams.settings,
};

/** A school run's exam (any status: the caller checks), or a union's finalised or published exams. */
export async function membersOf(db: Db, run: { meId: number } | { unionKey: string }) {
  const where =
    'meId' in run ? eq(multiExams.id, run.meId) : and(eq(multiExams.unionKey, run.unionKey), gte(multiExams.status, 3));
  return db
    .select(memberColumns)
    .from(multiExams)
    .innerJoin(eduGrades, eq(eduGrades.id, multiExams.gradeId))
    .where(where)
    .orderBy(asc(multiExams.id));
}

export async function schoolsOf(db: Db, schoolIds: number[]) {
  return db
    .select({ id: schools.id, name: schools.name, areaId: schools.areaId, areaName: areas.name })
    .from(schools)
    .leftJoin(areas, eq(areas.id, schools.areaId))
    .where(inArray(schools.id, schoolIds))
    .orderBy(asc(schools.id));
}

/** Single exams in course order (the catalogue's order, then id). */
export async function singlesOf(db: Db, meIds: number[]) {
  return db
    .select({
      seId: singleExams.id,
      meId: singleExams.multiExamId,
      courseId: singleExams.courseId,
      courseName: eduCourses.name,
      fullMark: singleExams.fullMark,
    })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(inArray(singleExams.multiExamId, meIds))
    .orderBy(asc(eduCourses.sortOrder), asc(singleExams.courseId), asc(singleExams.multiExamId));
}

export type QuestionRow = Awaited<ReturnType<typeof questionsOf>>[number];

export async function questionsOf(db: Db, seIds: number[]) {
  return db
    .select({
      id: examQuestions.id,
      seId: examQuestions.singleExamId,
      questionNo: examQuestions.questionNo,
      kind: examQuestions.kind,
      objectiveType: examQuestions.objectiveType,
      optionCount: examQuestions.optionCount,
      answer: examQuestions.answer,
      fullMark: examQuestions.fullMark,
      knowledgePoints: examQuestions.knowledgePoints,
      groupName: examQuestionGroups.name,
    })
    .from(examQuestions)
    .leftJoin(examQuestionGroups, eq(examQuestionGroups.id, examQuestions.groupId))
    .where(inArray(examQuestions.singleExamId, seIds))
    .orderBy(asc(examQuestions.singleExamId), asc(examQuestions.sortOrder), asc(examQuestions.id));
}

/** Everyone sitting any of the single exams, with the class of their first single exam's seat. */
export async function studentsOf(db: Db, seIds: number[]) {
  const seats = db
    .selectDistinctOn([examStudents.studentId], { studentId: examStudents.studentId, classId: examStudents.classId })
    .from(examStudents)
    .where(inArray(examStudents.singleExamId, seIds))
    .orderBy(asc(examStudents.studentId), asc(examStudents.singleExamId))
    .as('seats');
  return db
    .select({ id: students.id, name: students.name, studentNo: students.studentNo, classId: seats.classId })
    .from(seats)
    .innerJoin(students, eq(students.id, seats.studentId))
    .orderBy(asc(students.id));
}

export async function classesOf(db: Db, classIds: number[]) {
  return db
    .select({ id: classes.id, name: classes.name, schoolId: classes.schoolId })
    .from(classes)
    .where(inArray(classes.id, classIds))
    .orderBy(asc(classes.schoolId), asc(classes.name), asc(classes.id));
}

/**
 * One page of a single exam's seats and scores after student id `after`, as one text: a line per
 * seat, `studentId⇥absent(0/1)⇥total⇥scores⇥choices`, scores and choices being the jsonb objects'
 * own text (seat-text.ts reads them; choices empty unless asked for), or '-' for both when the seat
 * has no question scores (no row, or entered as a total only). A tab cannot occur inside: jsonb's
 * text escapes every control character. One text per page rather than a row per seat (the embedded
 * database spends far more per row than per byte), and each object whole rather than a lookup per
 * question (those cost the database twice as much as the text).
 */
export async function seatPage(
  db: Db,
  seId: number,
  withChoices: boolean,
  after: number,
  limit: number,
): Promise<{ count: number; last: number; text: string }> {
  const choices = withChoices ? sql`ss.choices::text` : sql`''`;
  const result = (await db.execute(sql`
    select count(*)::int as count, coalesce(max(sid), 0)::float8 as last,
      coalesce(string_agg(line, E'\n' order by sid), '') as text
    from (
      select es.student_id as sid,
        es.student_id || E'\t' || case when es.absent then '1' else '0' end || E'\t' || coalesce(ss.total_score::text, '')
          || E'\t' || case when ss.id is null or ss.total_only then E'-\t-' else ss.scores::text || E'\t' || ${choices} end
          as line
      from exam_students es
      left join student_scores ss on ss.single_exam_id = es.single_exam_id and ss.student_id = es.student_id
      where es.single_exam_id = ${seId} and es.student_id > ${after}
      order by es.student_id
      limit ${limit}
    ) page`)) as unknown as { rows: { count: number; last: number; text: string }[] };
  return result.rows[0]!;
}

export async function levelSchemeOf(db: Db, elaId: number): Promise<ExamLevelScheme['levels'] | null> {
  const [row] = await db
    .select({ levels: examLevelSchemes.levels })
    .from(examLevelSchemes)
    .where(eq(examLevelSchemes.id, elaId));
  return row?.levels ?? null;
}

/**
 * The previous exam for 进退步: the latest earlier (start date, then id) exam of the same school and
 * grade, finalised or published, whose school run has results.
 */
export async function previousExamOf(
  db: Db,
  exam: { meId: number; schoolId: number; gradeId: number; startDate: string },
): Promise<{ meId: number; name: string } | null> {
  const [row] = await db
    .select({ meId: multiExams.id, name: multiExams.name })
    .from(multiExams)
    .innerJoin(analysisRuns, eq(analysisRuns.runKey, sql`'me:' || ${multiExams.id}`))
    .where(
      and(
        eq(multiExams.schoolId, exam.schoolId),
        eq(multiExams.gradeId, exam.gradeId),
        gte(multiExams.status, 3),
        sql`${analysisRuns.computedStamp} is not null`,
        sql`(${multiExams.startDate}, ${multiExams.id}) < (${exam.startDate}::date, ${exam.meId}::bigint)`,
      ),
    )
    .orderBy(sql`${multiExams.startDate} desc, ${multiExams.id} desc`)
    .limit(1);
  return row ?? null;
}

/** The stored student rows' subject figures of a computed run, as JSON text per student. */
export async function storedSubjectsOf(db: Db, runKey: string): Promise<{ sid: number; subjects: string }[]> {
  const result = (await db.execute(sql`
    select student_id::float8 as sid, (body->'subjects')::text as subjects
    from analysis_student_rows where run_key = ${runKey}`)) as unknown as {
    rows: { sid: number; subjects: string }[];
  };
  return result.rows;
}
