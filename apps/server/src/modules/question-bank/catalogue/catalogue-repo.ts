import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { eduCourses, eduGrades } from '../../../db/schema.ts';
import type { Executor } from '../../../platform/db.ts';
import { qbAreas, qbNodes, qbPaperTypes, qbQuestions, qbQuestionTypes } from '../schema.ts';

// Reads of the bank's catalogue: courses, question types, paper types, areas, years, grades, trees.

export async function coursesOfStage(db: Executor, stage: number | null) {
  return db
    .select({ id: eduCourses.id, name: eduCourses.name, stages: eduCourses.stages })
    .from(eduCourses)
    .where(stage === null ? undefined : sql`${stage} = any(${eduCourses.stages})`)
    .orderBy(asc(eduCourses.sortOrder));
}

export async function questionTypesOf(db: Executor, courseId: number | null) {
  return db
    .select({
      id: qbQuestionTypes.id,
      courseId: qbQuestionTypes.courseId,
      name: qbQuestionTypes.name,
      objective: qbQuestionTypes.objective,
    })
    .from(qbQuestionTypes)
    .where(courseId === null ? undefined : eq(qbQuestionTypes.courseId, courseId))
    .orderBy(asc(qbQuestionTypes.sortOrder), asc(qbQuestionTypes.id));
}

export async function paperTypes(db: Executor) {
  return db
    .select({ id: qbPaperTypes.id, name: qbPaperTypes.name })
    .from(qbPaperTypes)
    .orderBy(asc(qbPaperTypes.sortOrder), asc(qbPaperTypes.id));
}

export async function areas(db: Executor) {
  return db
    .select({ id: qbAreas.id, name: qbAreas.name })
    .from(qbAreas)
    .orderBy(asc(qbAreas.sortOrder), asc(qbAreas.id));
}

/** Years of the questions a school's teachers can read, per course, newest first. */
export async function yearsByCourse(db: Executor, schoolId: number, courseId: number | null) {
  return db
    .selectDistinct({ courseId: qbQuestions.courseId, year: qbQuestions.year })
    .from(qbQuestions)
    .where(
      and(
        courseId === null ? undefined : eq(qbQuestions.courseId, courseId),
        sql`${qbQuestions.year} is not null`,
        eq(qbQuestions.status, 1),
        or(isNull(qbQuestions.schoolId), eq(qbQuestions.schoolId, schoolId)),
      ),
    )
    .orderBy(sql`${qbQuestions.year} desc`);
}

export async function grades(db: Executor) {
  return db
    .select({ id: eduGrades.id, name: eduGrades.name, stage: eduGrades.stage })
    .from(eduGrades)
    .orderBy(asc(eduGrades.sortOrder));
}

export interface NodeRow {
  id: number;
  parentId: number | null;
  name: string;
  depth: number;
  courseId: number;
  kind: number;
}

export async function nodesOf(db: Executor, courseId: number, kind: number): Promise<NodeRow[]> {
  return db
    .select({
      id: qbNodes.id,
      parentId: qbNodes.parentId,
      name: qbNodes.name,
      depth: qbNodes.depth,
      courseId: qbNodes.courseId,
      kind: qbNodes.kind,
    })
    .from(qbNodes)
    .where(and(eq(qbNodes.courseId, courseId), eq(qbNodes.kind, kind)))
    .orderBy(asc(qbNodes.depth), asc(qbNodes.sortOrder), asc(qbNodes.id));
}

export async function nodeById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: qbNodes.id, courseId: qbNodes.courseId, kind: qbNodes.kind })
    .from(qbNodes)
    .where(eq(qbNodes.id, id));
  return row ?? null;
}
