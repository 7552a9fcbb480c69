import type { CurriculumCourse, Major, MajorLesson, MajorPlan } from '@huikao/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import {
  curriculumCourses as courses,
  curriculumMajorLessons as lessons,
  curriculumMajors as majors,
  curriculumMajorPlans as plans,
  curriculumSettings as settings,
} from './schema.ts';

// The only Drizzle user of curriculum. Rows come back in the contracts' shapes (ids as strings).

export type CourseRow = typeof courses.$inferSelect;
export type MajorRow = typeof majors.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type CourseValues = Pick<CourseRow, 'name' | 'code' | 'kind' | 'credits' | 'hours'>;
export type MajorValues = Pick<MajorRow, 'name' | 'code' | 'enterYear' | 'years'>;
export type PlanValues = Pick<PlanRow, 'term' | 'courseId' | 'hours' | 'credits' | 'assessment'>;
export type LessonValues = Pick<LessonRow, 'lessonNo' | 'title' | 'hours'>;

export const courseOut = (r: CourseRow): CurriculumCourse => ({
  courseId: String(r.id),
  name: r.name,
  code: r.code,
  kind: r.kind as CurriculumCourse['kind'],
  credits: Number(r.credits),
  hours: r.hours,
});
export const majorOut = (r: MajorRow): Major => ({
  majorId: String(r.id),
  name: r.name,
  code: r.code,
  enterYear: r.enterYear,
  years: r.years,
});
const lessonOut = (r: LessonRow): MajorLesson => ({
  lessonId: String(r.id),
  planId: String(r.planId),
  lessonNo: r.lessonNo,
  title: r.title,
  hours: r.hours,
});

export async function majorsEnabled(ex: Executor, schoolId: number): Promise<boolean> {
  const [row] = await ex.select().from(settings).where(eq(settings.schoolId, schoolId));
  return row?.majorsEnabled ?? false;
}

export async function setMajorsEnabled(ex: Executor, schoolId: number, enabled: boolean): Promise<void> {
  await ex
    .insert(settings)
    .values({ schoolId, majorsEnabled: enabled })
    .onConflictDoUpdate({ target: settings.schoolId, set: { majorsEnabled: enabled, updatedAt: sql`now()` } });
}

// ---- Courses ----
export function coursesOf(ex: Executor, schoolId: number) {
  return ex.select().from(courses).where(eq(courses.schoolId, schoolId)).orderBy(asc(courses.id));
}
export async function courseById(ex: Executor, id: number): Promise<CourseRow | null> {
  const [row] = await ex.select().from(courses).where(eq(courses.id, id));
  return row ?? null;
}
export function coursesByIds(ex: Executor, ids: number[]) {
  return ids.length ? ex.select().from(courses).where(inArray(courses.id, ids)) : Promise.resolve([]);
}
export async function insertCourse(ex: Executor, schoolId: number, v: CourseValues): Promise<CourseRow> {
  const [row] = await ex
    .insert(courses)
    .values({ schoolId, ...v })
    .returning();
  return row!;
}
export async function updateCourse(ex: Executor, id: number, v: CourseValues): Promise<CourseRow> {
  const [row] = await ex.update(courses).set(v).where(eq(courses.id, id)).returning();
  return row!;
}
export async function deleteCourses(ex: Executor, ids: number[]): Promise<void> {
  await ex.delete(courses).where(inArray(courses.id, ids));
}
/** The names of the given courses that some plan uses. */
export async function coursesInPlans(ex: Executor, ids: number[]): Promise<string[]> {
  const rows = await ex
    .selectDistinct({ name: courses.name })
    .from(plans)
    .innerJoin(courses, eq(courses.id, plans.courseId))
    .where(inArray(plans.courseId, ids));
  return rows.map((r) => r.name);
}

// ---- Majors ----
export function majorsOf(ex: Executor, schoolId: number, enterYear?: number) {
  return ex
    .select()
    .from(majors)
    .where(and(eq(majors.schoolId, schoolId), enterYear === undefined ? undefined : eq(majors.enterYear, enterYear)))
    .orderBy(asc(majors.enterYear), asc(majors.id));
}
export async function majorById(ex: Executor, id: number): Promise<MajorRow | null> {
  const [row] = await ex.select().from(majors).where(eq(majors.id, id));
  return row ?? null;
}
export function majorsByIds(ex: Executor, ids: number[]) {
  return ids.length ? ex.select().from(majors).where(inArray(majors.id, ids)) : Promise.resolve([]);
}
export async function insertMajor(ex: Executor, schoolId: number, v: MajorValues): Promise<MajorRow> {
  const [row] = await ex
    .insert(majors)
    .values({ schoolId, ...v })
    .returning();
  return row!;
}
export async function updateMajor(ex: Executor, id: number, v: MajorValues): Promise<MajorRow> {
  const [row] = await ex.update(majors).set(v).where(eq(majors.id, id)).returning();
  return row!;
}
/** Plans and lessons go with the major (ON DELETE CASCADE). */
export async function deleteMajors(ex: Executor, ids: number[]): Promise<void> {
  await ex.delete(majors).where(inArray(majors.id, ids));
}

// ---- Plans ----
export async function plansOf(ex: Executor, majorId: number): Promise<MajorPlan[]> {
  const rows = await ex
    .select({ plan: plans, courseName: courses.name })
    .from(plans)
    .innerJoin(courses, eq(courses.id, plans.courseId))
    .where(eq(plans.majorId, majorId))
    .orderBy(asc(plans.term), asc(plans.id));
  return rows.map(({ plan, courseName }) => ({
    planId: String(plan.id),
    majorId: String(plan.majorId),
    term: plan.term,
    courseId: String(plan.courseId),
    courseName,
    hours: plan.hours,
    credits: Number(plan.credits),
    assessment: plan.assessment as MajorPlan['assessment'],
  }));
}
export async function planById(ex: Executor, id: number): Promise<PlanRow | null> {
  const [row] = await ex.select().from(plans).where(eq(plans.id, id));
  return row ?? null;
}
export function plansByIds(ex: Executor, ids: number[]) {
  return ids.length ? ex.select().from(plans).where(inArray(plans.id, ids)) : Promise.resolve([]);
}
export async function insertPlan(ex: Executor, schoolId: number, majorId: number, v: PlanValues): Promise<PlanRow> {
  const [row] = await ex
    .insert(plans)
    .values({ schoolId, majorId, ...v })
    .returning();
  return row!;
}
export async function updatePlan(ex: Executor, id: number, v: PlanValues): Promise<void> {
  await ex.update(plans).set(v).where(eq(plans.id, id));
}
/** Lessons go with their plan row (ON DELETE CASCADE). */
export async function deletePlans(ex: Executor, ids: number[]): Promise<void> {
  if (ids.length) await ex.delete(plans).where(inArray(plans.id, ids));
}
export function planRowsOf(ex: Executor, majorId: number) {
  return ex.select().from(plans).where(eq(plans.majorId, majorId));
}

// ---- Lessons ----
export async function lessonsOfMajor(ex: Executor, majorId: number): Promise<MajorLesson[]> {
  const rows = await ex
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(plans, eq(plans.id, lessons.planId))
    .where(eq(plans.majorId, majorId))
    .orderBy(asc(plans.term), asc(lessons.planId), asc(lessons.lessonNo));
  return rows.map((r) => lessonOut(r.lesson));
}
export async function lessonsOfPlan(ex: Executor, planId: number): Promise<MajorLesson[]> {
  const rows = await ex.select().from(lessons).where(eq(lessons.planId, planId)).orderBy(asc(lessons.lessonNo));
  return rows.map(lessonOut);
}
export async function lessonById(ex: Executor, id: number): Promise<LessonRow | null> {
  const [row] = await ex.select().from(lessons).where(eq(lessons.id, id));
  return row ?? null;
}
export function lessonsByIds(ex: Executor, ids: number[]) {
  return ids.length ? ex.select().from(lessons).where(inArray(lessons.id, ids)) : Promise.resolve([]);
}
export async function insertLessons(ex: Executor, schoolId: number, planId: number, rows: LessonValues[]) {
  if (rows.length === 0) return [];
  const out = await ex
    .insert(lessons)
    .values(rows.map((v) => ({ schoolId, planId, ...v })))
    .returning();
  return out.map(lessonOut);
}
export async function updateLesson(ex: Executor, id: number, v: LessonValues): Promise<MajorLesson> {
  const [row] = await ex.update(lessons).set(v).where(eq(lessons.id, id)).returning();
  return lessonOut(row!);
}
export async function deleteLessons(ex: Executor, ids: number[]): Promise<void> {
  await ex.delete(lessons).where(inArray(lessons.id, ids));
}
export async function deleteLessonsOfPlan(ex: Executor, planId: number): Promise<void> {
  await ex.delete(lessons).where(eq(lessons.planId, planId));
}
