import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, forbidden, notFound, ruleBroken } from '../../../platform/errors.ts';
import { assertNotLocked, auditExam, type CallParams, idOf, ownClassId, ownSingleExam } from '../access.ts';
import type { MultiExamRow } from '../lookup-repo.ts';
import { rescoreSingleExam } from '../scores/rescore.ts';
import { bumpScoreVersion, insertScoreRecords, lockStructure } from '../scores/score-write-repo.ts';
import * as repo from './exam-students-repo.ts';
import { classesByIds, classesOfGradeYear, schoolGradeName, studentsOfClasses } from './placement-repo.ts';

// Exam students (issue #4 model): who sits each single exam. Students come from classes of the
// exam's grade in its school year; deleting one deletes their score row, with the audit written.

/**
 * The classes whose students sit the exam: the given ones (each the school's, of the exam's grade
 * in its school year, not graduated), or every such class when none is given.
 */
export async function resolveClasses(
  ex: Executor,
  schoolId: number,
  exam: Pick<MultiExamRow, 'schoolYearId' | 'gradeId'>,
  gradeName: string,
  classIdTexts: string[],
): Promise<number[]> {
  if (classIdTexts.length === 0) {
    return (await classesOfGradeYear(ex, schoolId, exam.schoolYearId, exam.gradeId)).map((c) => c.id);
  }
  const classIds = [...new Set(classIdTexts.map((id) => idOf(id, '班级')))];
  const rows = await classesByIds(ex, classIds, exam.schoolYearId);
  for (const classId of classIds) {
    const row = rows.find((r) => r.id === classId);
    if (!row) throw notFound(`班级不存在或已删除（classId ${classId}）`);
    if (row.schoolId !== schoolId) throw forbidden('无权访问其他学校的数据');
    if (row.graduated) throw badInput(`班级“${row.name}”已毕业归档，不能参加考试`, { field: 'classIds' });
    if (row.gradeId !== exam.gradeId) {
      throw badInput(`班级“${row.name}”不是该学年的${gradeName}班级`, { field: 'classIds' });
    }
  }
  return classIds;
}

/**
 * Seats the 在读 students of the classes in a single exam (考号 from the student's 考号, else 学号);
 * with `only`, just those of them (single students chosen for an online exam).
 */
export async function seatClasses(
  tx: Executor,
  schoolId: number,
  seId: number,
  classIds: number[],
  only?: ReadonlySet<number>,
): Promise<number> {
  const people = (await studentsOfClasses(tx, classIds)).filter((p) => !only || only.has(p.id));
  const added = await repo.insertExamStudents(
    tx,
    people.map((p) => ({ schoolId, singleExamId: seId, studentId: p.id, classId: p.classId, examNo: p.examNo })),
  );
  return added.size;
}

export function createExamStudentsService(db: Db) {
  return {
    async findExamStudentsBySeId(actor: Actor, p: CallParams<'findExamStudentsBySeId'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      const classId = await ownClassId(db, single.schoolId, p.classId);
      const page = await repo.examStudentPage(db, {
        seId: single.id,
        classId: classId ?? undefined,
        keyword: p.keyword || undefined,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    async addExamStudentsByClassIds(actor: Actor, p: CallParams<'addExamStudentsByClassIds'>) {
      return db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        const name = (await schoolGradeName(tx, single.schoolId, single.multi.gradeId)) ?? '该年级';
        const classIds = await resolveClasses(tx, single.schoolId, single.multi, name, p.classIds);
        const added = await seatClasses(tx, single.schoolId, single.id, classIds);
        await auditExam(tx, actor, 'exam-students.add', `single-exam:${single.id}`, { after: { classIds, added } });
        return { added, total: await repo.countExamStudents(tx, single.id) };
      });
    },

    /** 缺考, 考号 and 考场 of several exam students; marking 缺考 drops the student's scores. */
    async updateBatchExamStudent(actor: Actor, p: CallParams<'updateBatchExamStudent'>) {
      return db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        // Papers, then the single exam: the structure and every paper stay still until commit (issue #21).
        await lockStructure(tx, single.id);
        const esIds = p.students.map((s) => idOf(s.esId, '考生'));
        const rows = await repo.examStudentsByIds(tx, esIds);
        for (const esId of esIds) {
          const row = rows.find((r) => r.id === esId);
          if (!row) throw notFound(`考生不存在或已删除（esId ${esId}）`);
          if (row.schoolId !== single.schoolId) throw forbidden('无权访问其他学校的数据');
          if (row.singleExamId !== single.id)
            throw badInput(`考生（esId ${esId}）不属于该科目考试`, { field: 'students' });
        }
        let updated = 0;
        const previousAbsent = new Map<number, boolean>();
        for (const input of p.students) {
          const row = rows.find((r) => r.id === Number(input.esId))!;
          const values = {
            ...(input.absent === undefined ? {} : { absent: input.absent }),
            ...(input.examNo === undefined ? {} : { examNo: input.examNo || null }),
            ...(input.room === undefined ? {} : { room: input.room || null }),
          };
          if (Object.keys(values).length === 0) continue;
          if (input.absent !== undefined && input.absent !== row.absent) previousAbsent.set(row.studentId, row.absent);
          await repo.updateExamStudent(tx, row.id, values);
          updated++;
        }
        // Marking 缺考 empties a stored paper (derivePaper), so it is a score change with its audit.
        if (previousAbsent.size > 0) {
          await rescoreSingleExam(tx, {
            schoolId: single.schoolId,
            singleExamId: single.id,
            changedBy: actor.userId,
            source: 'manual',
            reason: '修改缺考标记',
            previousAbsent,
            studentIds: new Set(previousAbsent.keys()),
          });
        }
        if (updated > 0) {
          await auditExam(tx, actor, 'exam-students.update', `single-exam:${single.id}`, {
            before: rows.map((r) => ({ esId: r.id, absent: r.absent, examNo: r.examNo, room: r.room })),
            after: p.students,
          });
        }
        return { updated };
      });
    },

    /** Removes students from a single exam; their score rows go too, written to the question-record audit. */
    async deleteExamStudentByStuIds(actor: Actor, p: CallParams<'deleteExamStudentByStuIds'>) {
      return db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        // Papers, then the single exam: the structure and every paper stay still until commit (issue #21).
        await lockStructure(tx, single.id);
        const studentIds = [...new Set(p.studentIds.map((id) => idOf(id, '学生')))];
        const owners = await repo.studentSchools(tx, studentIds);
        for (const id of studentIds) {
          const owner = owners.find((o) => o.id === id);
          if (!owner) throw notFound(`学生不存在或已删除（studentId ${id}）`);
          if (owner.schoolId !== single.schoolId) throw forbidden('无权访问其他学校的数据');
        }
        const seated = await repo.examStudentsOfStudents(tx, single.id, studentIds);
        if (seated.length === 0) throw ruleBroken('所选学生都不是该科目考试的考生');
        const esIds = seated.map((s) => s.es.id);
        const scores = await repo.scoreRowsOfExamStudents(tx, esIds);
        if (scores.length > 0) {
          await insertScoreRecords(
            tx,
            {
              schoolId: single.schoolId,
              singleExamId: single.id,
              changedBy: actor.userId,
              source: 'manual',
              reason: '删除考生',
            },
            scores.map((s) => ({
              studentId: s.studentId,
              change: {
                questionId: null,
                questionNo: '总分',
                oldScore: s.totalScore,
                newScore: null,
                oldChoice: null,
                newChoice: null,
              },
            })),
          );
          await repo.deleteScoreRows(
            tx,
            scores.map((s) => s.id),
          );
          await bumpScoreVersion(tx, [single.id]);
        }
        await repo.deleteExamStudentRows(tx, esIds);
        await auditExam(tx, actor, 'exam-students.delete', `single-exam:${single.id}`, {
          before: seated.map((s) => ({ ...s.es, name: s.name })),
          after: { deletedScores: scores.length },
        });
        return { deleted: seated.length };
      });
    },
  };
}
