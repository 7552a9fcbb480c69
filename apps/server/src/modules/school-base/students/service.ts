import type { Student } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { conflict, notFound, ruleBroken } from '../../../platform/errors.ts';
import { disableAccount, resetPassword } from '../../auth/index.ts';
import { auditWrite, type CallParams, idOf, optionalIdOf, ownedBy, raceToConflict, schoolOf } from '../access.ts';
import { initialPasswordHash } from '../accounts/initial-password.ts';
import { followAccount, openAccount, resetPasswordOf, studentLoginName } from '../accounts/person-accounts.ts';
import { loginNameOf } from '../accounts/repo.ts';
import { findClass } from '../classes/repo.ts';
import { examOfStudent } from '../exam-usage-repo.ts';
import { findSchool } from '../repo.ts';
import { findTerm } from '../years/repo.ts';
import * as repo from './repo.ts';

/** Students (studentId), each with a type-2 account named after the school code and the 学号. */
export function createStudentsService(db: Db) {
  return {
    async students(actor: Actor, p: CallParams<'students'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const classId = optionalIdOf(p.classId, '班级');
      if (classId !== null) ownedBy(await findClass(db, classId), schoolId, '该班级不存在或已删除');
      const page = await repo.studentPage(db, {
        schoolId,
        classId: classId ?? undefined,
        keyword: p.keyword || undefined,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    async termStudents(actor: Actor, p: CallParams<'termStudents'>): Promise<Student[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const term = ownedBy(await findTerm(db, idOf(p.termId, '学期')), schoolId, '该学期不存在或已删除');
      return repo.termStudents(db, schoolId, term.schoolYearId, optionalIdOf(p.courseId, '学科'));
    },

    /** Adds (no studentId) or edits a student; the account follows the name and 学号. */
    async editStudent(actor: Actor, p: CallParams<'editStudent'>): Promise<Student> {
      const schoolId = schoolOf(actor, p.schoolId);
      const classId = idOf(p.classId, '班级');
      const studentId = optionalIdOf(p.studentId, '学生');
      const values = { name: p.name, gender: p.gender, studentNo: p.studentNo, examNo: p.examNo || null, classId };
      const school = (await findSchool(db, schoolId))!;
      const account = {
        loginName: studentLoginName(school.code, p.studentNo),
        type: 2 as const,
        schoolId,
        userCode: p.studentNo,
        name: p.name,
      };
      const passwordHash = studentId === null ? await initialPasswordHash() : '';
      const savedId = await db
        .transaction(async (tx) => {
          const cls = ownedBy(await findClass(tx, classId), schoolId, '该班级不存在或已删除');
          const before =
            studentId === null
              ? null
              : ownedBy(await repo.findStudent(tx, studentId), schoolId, '该学生不存在或已删除');
          if (cls.graduated) throw ruleBroken(`班级“${cls.name}”已毕业归档，不能加入或修改学生`);
          const sameNo = await repo.studentHolding(tx, schoolId, 'studentNo', p.studentNo, before?.id);
          if (sameNo)
            throw conflict(`学号 ${p.studentNo} 已被学生 ${sameNo.name}（${sameNo.gradeName}${sameNo.className}）使用`);
          if (values.examNo) {
            const sameExamNo = await repo.studentHolding(tx, schoolId, 'examNo', values.examNo, before?.id);
            if (sameExamNo) {
              throw conflict(
                `考号 ${values.examNo} 已被学生 ${sameExamNo.name}（${sameExamNo.gradeName}${sameExamNo.className}）使用`,
              );
            }
          }
          if (!before) {
            const userId = await openAccount(tx, account, `学生 ${p.name}`, passwordHash);
            const id = await repo.insertStudent(tx, schoolId, userId, values);
            await auditWrite(tx, actor, 'student.add', `student:${id}`, { after: values });
            return id;
          }
          await followAccount(tx, before.userId, await loginNameOf(tx, before.userId), account, `学生 ${p.name}`);
          await repo.updateStudent(tx, before.id, values);
          await auditWrite(tx, actor, 'student.update', `student:${before.id}`, { before, after: values });
          return before.id;
        })
        .catch(raceToConflict);
      return (await repo.studentView(db, savedId))!;
    },

    /** An administrator's reset: the student must choose a new password at the next login. */
    async resetStudentPassword(actor: Actor, p: CallParams<'resetStudentPassword'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const studentId = idOf(p.studentId, '学生');
      // Checked before hashing, so a stranger's id is refused without the slow hash.
      ownedBy(await repo.findStudent(db, studentId), schoolId, '该学生不存在或已删除');
      const reset = await resetPasswordOf(p.newPsw);
      const loginName = await db.transaction(async (tx) => {
        const student = ownedBy(await repo.findStudent(tx, studentId), schoolId, '该学生不存在或已删除');
        await resetPassword(tx, student.userId, reset.hash);
        // The password itself is never written to the audit log.
        await auditWrite(tx, actor, 'student.password-reset', `student:${studentId}`, {
          after: { chosen: reset.chosen },
        });
        return loginNameOf(tx, student.userId);
      });
      return { loginName, password: reset.password };
    },

    /**
     * Removes the student row and disables the account. Refused once the student sits an exam
     * (issue #4): exam entries and scores keep the student; status 3 转出 is the way out then.
     */
    async deleteStudent(actor: Actor, p: CallParams<'deleteStudent'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const classId = idOf(p.classId, '班级');
      const studentId = idOf(p.studentId, '学生');
      await db.transaction(async (tx) => {
        ownedBy(await findClass(tx, classId), schoolId, '该班级不存在或已删除');
        const student = ownedBy(await repo.findStudent(tx, studentId), schoolId, '该学生不存在或已删除');
        if (student.classId !== classId) throw notFound(`该班级中没有学生 ${student.name}`);
        const exam = await examOfStudent(tx, studentId);
        if (exam) throw ruleBroken(`该学生已参加考试（${exam}），不能删除；可将学生设为转出`);
        await repo.deleteStudent(tx, studentId);
        await disableAccount(tx, student.userId);
        await auditWrite(tx, actor, 'student.delete', `student:${studentId}`, { before: student });
      });
      return null;
    },
  };
}
