import { type StudentDisclosure, type SubjectRef, TOTAL_SUBJECT } from '@huikao/contracts';
import { sumScores } from '@huikao/stats';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, forbidden } from '../../../platform/errors.ts';
import { type ReadScope, requireAny, scopeOf, scopeSource } from '../../../platform/read-scope.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import {
  classesOfExams,
  coursesOfExams,
  type ExamCourse,
  type ExamRow,
  examById,
  schoolOfClasses,
  singleExamById,
} from './exams-repo.ts';

// An exam as report calls see it: its courses (subject refs, the total first), the classes it
// analyses (those of its computed reports; before that, settings.classIds when set, else every class
// sitting it), and the caller's scope.

export interface ExamContext {
  exam: ExamRow;
  courses: ExamCourse[];
  classes: { classId: number; name: string }[];
  /** '0' 总分 first, then each course. */
  subjects: SubjectRef[];
}

export async function examContexts(db: Db, exams: readonly ExamRow[]): Promise<ExamContext[]> {
  const ids = exams.map((e) => e.id);
  const [courses, classes] = [await coursesOfExams(db, ids), await classesOfExams(db, ids)];
  return exams.map((exam) => {
    const own = courses.filter((c) => c.meId === exam.id);
    const chosen = new Set((exam.settings.classIds ?? []).map(Number));
    return {
      exam,
      courses: own,
      classes: classes
        .filter((c) => c.meId === exam.id && (chosen.size === 0 || chosen.has(c.classId)))
        .map((c) => ({ classId: c.classId, name: c.name })),
      subjects: subjectRefs(own),
    };
  });
}

export function subjectRefs(courses: readonly Pick<ExamCourse, 'courseId' | 'name' | 'fullMark' | 'seId'>[]) {
  const total: SubjectRef = {
    subjectKey: TOTAL_SUBJECT,
    name: '总分',
    fullMark: sumScores(courses.map((c) => c.fullMark)),
    seId: null,
  };
  return [
    total,
    ...courses.map((c) => ({
      subjectKey: String(c.courseId),
      name: c.name,
      fullMark: c.fullMark,
      seId: String(c.seId),
    })),
  ];
}

/** The school's exam (403 another school's, 404 none). */
export async function examOf(db: Db, actor: Actor, schoolId: string, meId: string): Promise<ExamContext> {
  const school = schoolOf(actor, schoolId);
  const exam = ownedBy(await examById(db, idOf(meId, '考试')), school, '考试不存在或已删除');
  return (await examContexts(db, [exam]))[0]!;
}

/** The exam of a single exam, and its course. */
export async function singleExamOf(db: Db, actor: Actor, schoolId: string, seId: string) {
  const school = schoolOf(actor, schoolId);
  const single = await singleExamById(db, idOf(seId, '科目考试'));
  const exam = ownedBy(single && (await examById(db, single.meId)), school, '科目考试不存在或已删除');
  const context = (await examContexts(db, [exam]))[0]!;
  return { context, course: context.courses.find((c) => c.seId === single!.seId)! };
}

export async function scopeIn(db: Db, actor: Actor, context: ExamContext): Promise<ReadScope> {
  const source = await scopeSource(db, actor, context.exam.schoolId, [context.exam.termId]);
  return scopeOf(
    source,
    context.exam,
    context.classes.map((c) => c.classId),
    context.courses.map((c) => c.courseId),
  );
}

/** The exam and the caller's scope in it, refused when they may read nothing of it. */
export async function readableExam(db: Db, actor: Actor, schoolId: string, meId: string) {
  const context = await examOf(db, actor, schoolId, meId);
  const scope = await scopeIn(db, actor, context);
  requireAny(scope);
  return { context, scope };
}

/** A subject key of the exam ('0' or one of its courses). */
export function subjectOf(context: ExamContext, subjectKey: string): SubjectRef {
  const subject = context.subjects.find((s) => s.subjectKey === subjectKey);
  if (!subject) throw badInput('该考试没有这个科目');
  return subject;
}

/** A class the exam analyses: another school's class is refused (403), one not in the exam is 400. */
export async function classIn(
  db: Db,
  context: ExamContext,
  classId: string,
): Promise<{ classId: number; name: string }> {
  const id = idOf(classId, '班级');
  const found = context.classes.find((c) => c.classId === id);
  if (found) return found;
  const school = (await schoolOfClasses(db, [id])).get(id);
  if (school !== undefined && school !== context.exam.schoolId) throw forbidden('无权访问其他学校的数据');
  throw badInput('该考试没有这个班级');
}

/** The school's rank disclosure to students; settings stored before the setting existed mean 'beat'. */
export function disclosureOf(exam: ExamRow): StudentDisclosure {
  const value = (exam.settings as { studentDisclosure?: unknown }).studentDisclosure;
  return value === 'rank' || value === 'band' ? value : 'beat';
}
