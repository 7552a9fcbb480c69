import { schoolBaseApi as api } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classTeachers, schoolYears, students } from '../../db/schema.ts';
import {
  ENGLISH,
  type ExamsSetup,
  MATH,
  makeMultiExam,
  makeSingleExam,
  PHYSICS,
  setUpExams,
} from '../../test/exams-fixture.ts';
import { makeClass, makeClassTeacher, makeGrade, makeStudent } from '../../test/factories.ts';
import { expectFailure, expectOk } from '../../test/school-base-fixture.ts';

// School base rows used by exams (issue #4) cannot be deleted; the refusal names the exam.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

describe('school base deletes refused while exams use the row', () => {
  it('a student who sits an exam; a student who does not can go', async () => {
    const sitting = s.students[0]!;
    expectFailure(
      await s.call(api.deleteStudent, {
        schoolId: s.sid,
        classId: String(sitting.classId),
        studentId: String(sitting.id),
      }),
      422,
      '该学生已参加考试（八年级期中考试），不能删除；可将学生设为转出',
    );
    const newcomer = await makeStudent(s.db, { schoolId: s.school.id, classId: s.classes[0].id });
    expectOk(
      await s.call(api.deleteStudent, {
        schoolId: s.sid,
        classId: String(newcomer.classId),
        studentId: String(newcomer.id),
      }),
    );
  });

  it('a term and a school year with exams', async () => {
    const otherTerm = s.terms.find((t) => t.id !== s.term.id)!;
    await makeMultiExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: otherTerm.id,
      gradeId: 8,
      name: '八年级期末考试',
    });
    expectFailure(
      await s.call(api.deleteTerm, { schoolId: s.sid, termId: String(otherTerm.id) }),
      422,
      '该学期已有考试（八年级期末考试），不能删除',
    );
    const [emptyYear] = await s.db
      .insert(schoolYears)
      .values({ schoolId: s.school.id, name: '2001-2002学年', startDate: '2001-09-01', endDate: '2002-08-31' })
      .returning();
    await makeMultiExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: emptyYear!.id,
      termId: otherTerm.id,
      gradeId: 8,
      name: '旧学年考试',
    });
    expectFailure(
      await s.call(api.deleteSchoolYear, { schoolId: s.sid, schyId: String(emptyYear!.id) }),
      422,
      '2001-2002学年已有考试（旧学年考试），不能删除',
    );
  });

  it('a grade and a grade course with exams; a course without exams can go', async () => {
    const ninth = await makeGrade(s.db, s.school.id, 9, [MATH]);
    await makeMultiExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: s.term.id,
      gradeId: 9,
      name: '九年级模拟考试',
    });
    expectFailure(
      await s.call(api.deleteGrade, { schoolId: s.sid, sgId: String(ninth.sgId) }),
      422,
      '九年级已有考试（九年级模拟考试），不能删除',
    );
    expectFailure(
      await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(s.grade.sgcIds.get(ENGLISH)) }),
      422,
      '八年级英语已有考试（八年级期中考试），不能删除',
    );
    expectOk(await s.call(api.deleteGradeCourse, { schoolId: s.sid, sgcId: String(s.grade.sgcIds.get(PHYSICS)) }));
  });

  it('a class whose students sat an exam there, even after they moved', async () => {
    const third = await makeClass(s.db, {
      schoolId: s.school.id,
      gradeId: 8,
      schoolYearId: s.year.id,
      name: '八(3)班',
    });
    const mover = await makeStudent(s.db, { schoolId: s.school.id, classId: third.id });
    const exam = await makeMultiExam(s.db, {
      schoolId: s.school.id,
      schoolYearId: s.year.id,
      termId: s.term.id,
      gradeId: 8,
      name: '三班测验',
      status: 2,
    });
    await makeSingleExam(s.db, { multi: exam, courseId: MATH, students: [mover] });
    await s.db.update(students).set({ classId: s.classes[0].id }).where(eq(students.id, mover.id));
    expectFailure(
      await s.call(api.deleteClass, { schoolId: s.sid, classId: String(third.id) }),
      422,
      '该班级已有学生参加考试（三班测验），不能删除',
    );
  });

  it('a class-teacher link whose class and course sit an exam of the term; others can go', async () => {
    const [mathLink] = await s.db.select().from(classTeachers).where(eq(classTeachers.teacherId, s.mathTeacherRow.id));
    expectFailure(
      await s.call(api.deleteClassTeacher, {
        schoolId: s.sid,
        termId: String(s.term.id),
        scteaId: String(mathLink!.id),
      }),
      422,
      '该任课关系已用于考试（八年级期中考试），不能删除',
    );
    const head = await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.term.id,
      classId: s.classes[1].id,
      teacherId: s.mathTeacherRow.id,
      isHead: true,
    });
    expectFailure(
      await s.call(api.deleteClassTeacher, { schoolId: s.sid, termId: String(s.term.id), scteaId: String(head.id) }),
      422,
      /该任课关系已用于考试/,
    );
    const physics = await makeClassTeacher(s.db, {
      schoolId: s.school.id,
      termId: s.term.id,
      classId: s.classes[1].id,
      teacherId: s.mathTeacherRow.id,
      courseId: PHYSICS,
    });
    expectOk(
      await s.call(api.deleteClassTeacher, { schoolId: s.sid, termId: String(s.term.id), scteaId: String(physics.id) }),
    );
    expect(await s.db.select().from(classTeachers).where(eq(classTeachers.id, physics.id))).toEqual([]);
  });
});
