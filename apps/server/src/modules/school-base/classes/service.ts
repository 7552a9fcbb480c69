import type { SchoolClass, Student } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import { auditWrite, type CallParams, idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { examOfClass } from '../exam-usage-repo.ts';
import { findEduGrade, schoolGradeIdOf, schoolTeachesCourse } from '../grades/repo.ts';
import { studentsOfClasses } from '../students/repo.ts';
import { currentSchoolYear, currentTerm } from '../years/current-term.ts';
import { findTerm } from '../years/repo.ts';
import * as repo from './repo.ts';

/** Classes (classId) and their yearly grade history (class_years). */
export function createClassesService(db: Db) {
  async function classView(schoolId: number, classId: number): Promise<SchoolClass> {
    const term = await currentTerm(db, schoolId);
    const [view] = await repo.classViews(db, { schoolId, termId: term?.id ?? null, classIds: [classId] });
    return view!;
  }

  return {
    /** The classes of the term's school year, each with the grade it had that year and that term's 班主任. */
    async classes(actor: Actor, p: CallParams<'classes'>): Promise<SchoolClass[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const termId = idOf(p.termId, '学期');
      const term = ownedBy(await findTerm(db, termId), schoolId, '该学期不存在或已删除');
      return repo.classViews(db, { schoolId, schoolYearId: term.schoolYearId, termId });
    },

    /**
     * Adds (no classId) or edits a class. A new class joins the current school year (the one
     * covering today, else the latest started, else the first ahead) with a class_years row, so it
     * shows in that year's terms. An edited grade corrects the class's latest year row only: writing
     * a row for a year the class has not been upgraded into would block that upgrade.
     */
    async editClass(actor: Actor, p: CallParams<'editClass'>): Promise<SchoolClass> {
      const schoolId = schoolOf(actor, p.schoolId);
      const classId = optionalIdOf(p.classId, '班级');
      const gradeId = idOf(p.gradeId, '年级');
      const values = { name: p.name, gradeId, enterYear: p.enterYear, classType: p.classType };
      const savedId = await db
        .transaction(async (tx) => {
          const before =
            classId === null ? null : ownedBy(await repo.findClass(tx, classId), schoolId, '该班级不存在或已删除');
          if (before?.graduated) throw ruleBroken(`班级“${before.name}”已毕业归档，不能修改`);
          const grade = await findEduGrade(tx, gradeId);
          if (!grade) throw notFound(`年级不存在（gradeId ${p.gradeId}）`);
          if ((await schoolGradeIdOf(tx, schoolId, gradeId)) === null) {
            throw ruleBroken(`本校还没有开设${grade.name}，请先在“年级学科”中添加该年级`);
          }
          if (await repo.activeClassNamed(tx, schoolId, p.enterYear, p.name, before?.id)) {
            throw conflict(`${p.enterYear}级已有名为“${p.name}”的班级`);
          }
          if (before) {
            await repo.updateClass(tx, before.id, values);
            if (before.gradeId !== gradeId) await repo.setLatestYearGrade(tx, before.id, gradeId);
            await auditWrite(tx, actor, 'class.update', `class:${before.id}`, { before, after: values });
            return before.id;
          }
          const year = await currentSchoolYear(tx, schoolId);
          if (!year) throw ruleBroken('本校还没有学年，请先在“学年学期”中添加学年，再添加班级');
          const id = await repo.insertClass(tx, schoolId, values);
          await repo.upsertClassYear(tx, id, year.id, gradeId);
          await auditWrite(tx, actor, 'class.add', `class:${id}`, { after: { ...values, schoolYearId: year.id } });
          return id;
        })
        .catch(raceToConflict);
      return classView(schoolId, savedId);
    },

    /** Refused while students or class-teacher links use the class; nothing cascades. */
    async deleteClass(actor: Actor, p: CallParams<'deleteClass'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const classId = idOf(p.classId, '班级');
      await db.transaction(async (tx) => {
        const cls = ownedBy(await repo.findClass(tx, classId), schoolId, '该班级不存在或已删除');
        const students = await repo.countStudentsOfClass(tx, classId);
        if (students > 0) throw ruleBroken(`该班级还有 ${students} 名学生，不能删除`);
        const links = await repo.countLinksOfClass(tx, classId);
        if (links > 0) throw ruleBroken(`该班级还有 ${links} 条任课关系，不能删除`);
        const exam = await examOfClass(tx, classId);
        if (exam) throw ruleBroken(`该班级已有学生参加考试（${exam}），不能删除`);
        await repo.deleteClass(tx, classId);
        await auditWrite(tx, actor, 'class.delete', `class:${classId}`, { before: cls });
      });
      return null;
    },

    /**
     * The active classes of a grade now, each with its 在读 students (two queries in all); with a
     * course, only when the school teaches that course in the grade.
     */
    async classStudents(
      actor: Actor,
      p: CallParams<'classStudents'>,
    ): Promise<(SchoolClass & { students: Student[] })[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const gradeId = idOf(p.gradeId, '年级');
      const courseId = optionalIdOf(p.courseId, '学科');
      if (!(await findEduGrade(db, gradeId))) throw notFound(`年级不存在（gradeId ${p.gradeId}）`);
      if (courseId !== null && !(await schoolTeachesCourse(db, schoolId, courseId, gradeId))) return [];
      const term = await currentTerm(db, schoolId);
      const classes = await repo.classViews(db, {
        schoolId,
        termId: term?.id ?? null,
        gradeId,
        enterYear: p.enterYear,
        activeOnly: true,
      });
      const students = await studentsOfClasses(
        db,
        classes.map((c) => Number(c.classId)),
      );
      return classes.map((c) => ({ ...c, students: students.filter((s) => s.classId === c.classId) }));
    },
  };
}
