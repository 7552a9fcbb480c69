import type { ClassTeacher } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import { auditWrite, type CallParams, idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { findClass, gradeInYear } from '../classes/repo.ts';
import { examOfLink } from '../exam-usage-repo.ts';
import { findEduCourses, findEduGrade, schoolTeachesCourse } from '../grades/repo.ts';
import { findTeacher } from '../teachers/repo.ts';
import { currentTerm } from '../years/current-term.ts';
import { findSchoolYear, findTerm } from '../years/repo.ts';
import * as repo from './repo.ts';

/** Class-teacher links (scteaId): in a term, a teacher teaches a course in a class, or heads it (班主任). */
export function createLinksService(db: Db) {
  return {
    async classTeachers(actor: Actor, p: CallParams<'classTeachers'>): Promise<ClassTeacher[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const termId = idOf(p.termId, '学期');
      ownedBy(await findTerm(db, termId), schoolId, '该学期不存在或已删除');
      return repo.linkViews(db, { schoolId, termId });
    },

    async addClassTeacher(actor: Actor, p: CallParams<'addClassTeacher'>): Promise<ClassTeacher> {
      const schoolId = schoolOf(actor, p.schoolId);
      const termId = idOf(p.termId, '学期');
      const classId = idOf(p.classId, '班级');
      const teacherId = idOf(p.teacherId, '教师');
      const courseId = optionalIdOf(p.courseId, '学科');
      if (courseId === null && !p.isHead) throw badInput('请选择学科，或将该教师设为班主任', { field: 'courseId' });
      const linkId = await db
        .transaction(async (tx) => {
          const term = ownedBy(await findTerm(tx, termId), schoolId, '该学期不存在或已删除');
          const cls = ownedBy(await findClass(tx, classId), schoolId, '该班级不存在或已删除');
          const teacher = ownedBy(await findTeacher(tx, teacherId), schoolId, '该教师不存在或已删除');
          if (teacher.status !== 1) throw ruleBroken(`教师 ${teacher.name} 已离职，不能安排任课`);
          const gradeId = await gradeInYear(tx, classId, term.schoolYearId);
          if (gradeId === null) {
            const year = await findSchoolYear(tx, term.schoolYearId);
            throw ruleBroken(`班级“${cls.name}”不在${year?.name ?? '该学年'}的班级中，不能在该学期安排任课`);
          }
          const label = `${(await findEduGrade(tx, gradeId))?.name ?? ''}${cls.name}`;
          if (courseId !== null) {
            const [course] = await findEduCourses(tx, [courseId]);
            if (!course) throw notFound(`学科不存在（courseId ${p.courseId}）`);
            if (!(await schoolTeachesCourse(tx, schoolId, courseId, gradeId))) {
              throw ruleBroken(`${label}所在年级没有开设${course.name}，请先在“年级学科”中添加该学科`);
            }
            const teaching = await repo.courseTeacherName(tx, termId, classId, courseId);
            if (teaching) throw conflict(`${label}的${course.name}已由 ${teaching} 任教`);
          }
          if (p.isHead) {
            const head = await repo.headTeacherName(tx, termId, classId);
            if (head) throw conflict(`${label}的班主任已是 ${head}`);
          }
          const values = { schoolId, termId, classId, courseId, teacherId, isHead: p.isHead };
          const id = await repo.insertLink(tx, values);
          await auditWrite(tx, actor, 'class-teacher.add', `class-teacher:${id}`, { after: values });
          return id;
        })
        .catch(raceToConflict);
      const [view] = await repo.linkViews(db, { schoolId, linkId });
      return view!;
    },

    async deleteClassTeacher(actor: Actor, p: CallParams<'deleteClassTeacher'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const termId = idOf(p.termId, '学期');
      const linkId = idOf(p.scteaId, '任课关系');
      await db.transaction(async (tx) => {
        ownedBy(await findTerm(tx, termId), schoolId, '该学期不存在或已删除');
        const link = ownedBy(await repo.findLink(tx, linkId), schoolId, '该任课关系不存在或已删除');
        if (link.termId !== termId) throw notFound('该学期中没有这条任课关系');
        // The link decides who enters and reads the scores of that class and course (issue #4).
        // Later issues add marking tasks here.
        const exam = await examOfLink(tx, link.termId, link.classId, link.courseId);
        if (exam) throw ruleBroken(`该任课关系已用于考试（${exam}），不能删除`);
        await repo.deleteLink(tx, linkId);
        await auditWrite(tx, actor, 'class-teacher.delete', `class-teacher:${linkId}`, { before: link });
      });
      return null;
    },

    /** The teacher's links in every term, latest term first. */
    async teacherTerms(actor: Actor, p: CallParams<'teacherTerms'>): Promise<ClassTeacher[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const teacherId = idOf(p.teacherId, '教师');
      ownedBy(await findTeacher(db, teacherId), schoolId, '该教师不存在或已删除');
      return repo.linkViews(db, { schoolId, teacherId });
    },

    /** The links of a grade (optionally one enter year and one course) in the current term. */
    async gradeCourseTeachers(actor: Actor, p: CallParams<'gradeCourseTeachers'>): Promise<ClassTeacher[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const gradeId = idOf(p.gradeId, '年级');
      if (!(await findEduGrade(db, gradeId))) throw notFound(`年级不存在（gradeId ${p.gradeId}）`);
      const term = await currentTerm(db, schoolId);
      if (!term) return [];
      return repo.linkViews(db, {
        schoolId,
        termId: term.id,
        gradeId,
        enterYear: p.enterYear,
        courseId: optionalIdOf(p.courseId, '学科') ?? undefined,
      });
    },

    /** findUserInfo: the teacher's links in the current term. */
    async currentLinksOf(schoolId: number, teacherId: number): Promise<ClassTeacher[]> {
      const term = await currentTerm(db, schoolId);
      return term ? repo.linkViews(db, { schoolId, termId: term.id, teacherId }) : [];
    },
  };
}
