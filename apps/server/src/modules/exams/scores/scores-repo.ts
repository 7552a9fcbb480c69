import { and, eq, inArray } from 'drizzle-orm';
import { classes, eduCourses, students } from '../../../db/schema.ts';
import { chunksOf, type Executor } from '../../../platform/db.ts';
import { examStudents, singleExams, studentScores } from '../schema.ts';
import type { ScoreRow } from './score-write-repo.ts';

// Reads of the score side: the exam students of a single exam with their score rows and names,
// the school's students by 学号 (import), and the few writes on exam students that score writers
// need (add a student who sat without being listed, the 缺考 flag).

export interface ExamStudentScore {
  esId: number;
  studentId: number;
  studentNo: string;
  name: string;
  classId: number;
  className: string;
  absent: boolean;
  score: ScoreRow | null;
}

/** Every exam student of a single exam (or some of them) with the score row, sorted by class and 学号. */
export async function examStudentScores(
  ex: Executor,
  seId: number,
  studentIds?: readonly number[],
): Promise<ExamStudentScore[]> {
  if (studentIds && studentIds.length === 0) return [];
  const rows = await ex
    .select({
      esId: examStudents.id,
      studentId: examStudents.studentId,
      studentNo: students.studentNo,
      name: students.name,
      classId: examStudents.classId,
      className: classes.name,
      absent: examStudents.absent,
      score: studentScores,
    })
    .from(examStudents)
    .innerJoin(students, eq(students.id, examStudents.studentId))
    .innerJoin(classes, eq(classes.id, examStudents.classId))
    .leftJoin(
      studentScores,
      and(
        eq(studentScores.singleExamId, examStudents.singleExamId),
        eq(studentScores.studentId, examStudents.studentId),
      ),
    )
    .where(
      studentIds
        ? and(eq(examStudents.singleExamId, seId), inArray(examStudents.studentId, [...studentIds]))
        : eq(examStudents.singleExamId, seId),
    );
  return rows.sort(byClassAndNo);
}

const collator = new Intl.Collator('zh-CN', { numeric: true });
/** Class name, then 学号, with numbers compared as numbers (2班 before 10班). */
export function byClassAndNo(a: { className: string; studentNo: string }, b: { className: string; studentNo: string }) {
  return collator.compare(a.className, b.className) || collator.compare(a.studentNo, b.studentNo);
}

export interface SingleExamOfMulti {
  id: number;
  courseId: number;
  courseName: string;
  fullMark: number;
  status: number;
  sortOrder: number;
}

/** The single exams of a multi-exam with course names, in catalogue order. */
export async function singleExamsOfMulti(ex: Executor, meId: number): Promise<SingleExamOfMulti[]> {
  return ex
    .select({
      id: singleExams.id,
      courseId: singleExams.courseId,
      courseName: eduCourses.name,
      fullMark: singleExams.fullMark,
      status: singleExams.status,
      sortOrder: eduCourses.sortOrder,
    })
    .from(singleExams)
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(eq(singleExams.multiExamId, meId))
    .orderBy(eduCourses.sortOrder, singleExams.id);
}

export async function courseName(ex: Executor, courseId: number): Promise<string> {
  const [row] = await ex.select({ name: eduCourses.name }).from(eduCourses).where(eq(eduCourses.id, courseId));
  return row?.name ?? '';
}

export interface SchoolStudent {
  id: number;
  studentNo: string;
  examNo: string | null;
  name: string;
  classId: number;
  className: string;
  status: number;
}

/** Students of the school by 学号 (one query per 1,000). */
export async function studentsByNo(ex: Executor, schoolId: number, nos: readonly string[]) {
  const found = new Map<string, SchoolStudent>();
  const unique = [...new Set(nos.filter((no) => no !== ''))];
  for (const part of chunksOf(unique, 1000)) {
    const rows = await ex
      .select({
        id: students.id,
        studentNo: students.studentNo,
        examNo: students.examNo,
        name: students.name,
        classId: students.classId,
        className: classes.name,
        status: students.status,
      })
      .from(students)
      .innerJoin(classes, eq(classes.id, students.classId))
      .where(and(eq(students.schoolId, schoolId), inArray(students.studentNo, part)));
    for (const row of rows) found.set(row.studentNo, row);
  }
  return found;
}

export async function studentById(ex: Executor, studentId: number) {
  const [row] = await ex
    .select({
      id: students.id,
      schoolId: students.schoolId,
      userId: students.userId,
      studentNo: students.studentNo,
      examNo: students.examNo,
      name: students.name,
      classId: students.classId,
      className: classes.name,
      status: students.status,
    })
    .from(students)
    .innerJoin(classes, eq(classes.id, students.classId))
    .where(eq(students.id, studentId));
  return row ?? null;
}

/** Sets the 缺考 flag of exam students. */
export async function setAbsent(tx: Executor, esIds: number[], absent: boolean): Promise<void> {
  for (const part of chunksOf(esIds, 1000)) {
    await tx.update(examStudents).set({ absent }).where(inArray(examStudents.id, part));
  }
}
