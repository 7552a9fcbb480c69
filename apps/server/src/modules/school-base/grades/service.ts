import type { Education, SchoolGrade } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound, ruleBroken } from '../../../platform/errors.ts';
import { auditWrite, type CallParams, idOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { examOfGrade } from '../exam-usage-repo.ts';
import * as repo from './repo.ts';

const STAGE_NAMES: Record<number, string> = { 1: '小学', 2: '初中', 3: '高中' };

/** The platform catalogue and the grades a school runs with their courses (sgId, sgcId). */
export function createGradesService(db: Db) {
  return {
    async education(actor: Actor, p: CallParams<'education'>): Promise<Education> {
      schoolOf(actor, p.schoolId);
      const { grades, courses } = await repo.eduCatalogue(db);
      return {
        grades: grades.map((g) => ({ gradeId: String(g.id), name: g.name, stage: g.stage })),
        courses: courses.map((c) => ({ courseId: String(c.id), name: c.name, stages: c.stages })),
      };
    },

    gradeCourses(actor: Actor, p: CallParams<'gradeCourses'>): Promise<SchoolGrade[]> {
      return repo.schoolGradesWithCourses(db, schoolOf(actor, p.schoolId));
    },

    /** Adds the grade, or to a grade the school already runs the courses it lacks (there is no course/add). */
    async addGrade(actor: Actor, p: CallParams<'addGrade'>): Promise<SchoolGrade> {
      const schoolId = schoolOf(actor, p.schoolId);
      const gradeId = idOf(p.gradeId, '年级');
      const courseIds = [...new Set(p.courseIds.map((id) => idOf(id, '学科')))];
      const grade = await repo.findEduGrade(db, gradeId);
      if (!grade) throw notFound(`年级不存在（gradeId ${p.gradeId}）`);
      const courses = await repo.findEduCourses(db, courseIds);
      const unknown = courseIds.filter((id) => !courses.some((c) => c.id === id));
      if (unknown.length > 0) throw notFound(`学科不存在（courseId ${unknown.join('、')}）`);
      const offStage = courses.filter((c) => !c.stages.includes(grade.stage));
      if (offStage.length > 0) {
        const names = offStage.map((c) => c.name).join('、');
        throw ruleBroken(`${names}不是${STAGE_NAMES[grade.stage] ?? ''}学科，不能加入${grade.name}`);
      }
      const sgId = await db
        .transaction(async (tx) => {
          const id = await repo.ensureSchoolGrade(tx, schoolId, gradeId);
          await repo.insertGradeCourses(tx, schoolId, id, courseIds);
          await auditWrite(tx, actor, 'grade.add', `school-grade:${id}`, { after: { gradeId, courseIds } });
          return id;
        })
        .catch(raceToConflict);
      const [saved] = await repo.schoolGradesWithCourses(db, schoolId, sgId);
      return saved!;
    },

    /** Refused while the grade has classes, links or leaders; its unused courses go with it. */
    async deleteGrade(actor: Actor, p: CallParams<'deleteGrade'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const sgId = idOf(p.sgId, '年级');
      await db.transaction(async (tx) => {
        const grade = ownedBy(await repo.findSchoolGrade(tx, sgId), schoolId, '该年级不存在或已删除');
        const classCount = await repo.countActiveClassesOfGrade(tx, schoolId, grade.gradeId);
        if (classCount > 0) throw ruleBroken(`${grade.gradeName}还有 ${classCount} 个班级，不能删除`);
        const courseIds = await repo.courseIdsOfSchoolGrade(tx, sgId);
        const links = await repo.countLinksOfGradeCourses(tx, schoolId, grade.gradeId, courseIds);
        if (links > 0) throw ruleBroken(`${grade.gradeName}的学科还有 ${links} 条任课关系，不能删除`);
        const leaders = await repo.countLeadersOfGrade(tx, schoolId, grade.gradeId);
        if (leaders > 0)
          throw ruleBroken(`${grade.gradeName}还有 ${leaders} 个组织领导职务（年级主任或备课组长），不能删除`);
        const exam = await examOfGrade(tx, schoolId, grade.gradeId);
        if (exam) throw ruleBroken(`${grade.gradeName}已有考试（${exam}），不能删除`);
        await repo.deleteSchoolGrade(tx, sgId);
        await auditWrite(tx, actor, 'grade.delete', `school-grade:${sgId}`, { before: { ...grade, courseIds } });
      });
      return null;
    },

    async deleteGradeCourse(actor: Actor, p: CallParams<'deleteGradeCourse'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const sgcId = idOf(p.sgcId, '年级学科');
      await db.transaction(async (tx) => {
        const course = ownedBy(await repo.findGradeCourse(tx, sgcId), schoolId, '该年级学科不存在或已删除');
        const label = `${course.gradeName}${course.courseName}`;
        const links = await repo.countLinksOfGradeCourses(tx, schoolId, course.gradeId, [course.courseId]);
        if (links > 0) throw ruleBroken(`${label}还有 ${links} 条任课关系，不能删除`);
        const leaders = await repo.countLeadersOfGrade(tx, schoolId, course.gradeId, course.courseId);
        if (leaders > 0) throw ruleBroken(`${label}还有 ${leaders} 个备课组长职务，不能删除`);
        const exam = await examOfGrade(tx, schoolId, course.gradeId, course.courseId);
        if (exam) throw ruleBroken(`${label}已有考试（${exam}），不能删除`);
        await repo.deleteGradeCourse(tx, sgcId);
        await auditWrite(tx, actor, 'grade-course.delete', `school-grade-course:${sgcId}`, { before: course });
      });
      return null;
    },
  };
}
