import { DEFAULT_SCORE_CONFIG, EXAM_STATUS, type MultiExam } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, conflict, ruleBroken } from '../../../platform/errors.ts';
import { lockKey } from '../../../platform/locks.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import {
  assertNotLocked,
  auditExam,
  type CallParams,
  idOf,
  optionalIdOf,
  ownedBy,
  ownMultiExam,
  raceToConflict,
  schoolOf,
} from '../access.ts';
import { type MultiExamRow, taughtTermClasses } from '../lookup-repo.ts';
import { examScopeView } from '../score-scope.ts';
import { lockMultiExam } from '../scores/finalise-repo.ts';
import { resolveClasses, seatClasses } from '../students/exam-students-service.ts';
import * as facts from '../students/placement-repo.ts';
import * as repo from './multi-exams-repo.ts';
import { findScoreConfig } from './settings-repo.ts';
import { insertSingleExam } from './single-exams-repo.ts';

// Multi-exams (meId): creation with their single exams and exam students in one transaction, the
// status workflow, deletion, and the lists of spec §7.

const statusName = (status: number) => EXAM_STATUS[status as keyof typeof EXAM_STATUS] ?? String(status);

export interface Placement {
  schoolYearId: number;
  termId: number;
  gradeId: number;
  gradeName: string;
}

/** The term belongs to the school year, both are the school's, and the school runs the grade. */
export async function checkPlacement(
  ex: Executor,
  schoolId: number,
  p: { schyId: string; termId: string; gradeId: string; startDate: string; endDate: string },
): Promise<Placement> {
  const year = ownedBy(await facts.findSchoolYearRow(ex, idOf(p.schyId, '学年')), schoolId, '该学年不存在或已删除');
  const term = ownedBy(await facts.findTermOfSchool(ex, idOf(p.termId, '学期')), schoolId, '该学期不存在或已删除');
  if (term.schoolYearId !== year.id) throw badInput(`${term.name}不属于${year.name}`, { field: 'termId' });
  const gradeId = idOf(p.gradeId, '年级');
  const gradeName = await facts.schoolGradeName(ex, schoolId, gradeId);
  if (!gradeName) throw badInput(`本校没有开设该年级（gradeId ${gradeId}）`, { field: 'gradeId' });
  if (p.endDate < p.startDate) throw badInput('结束日期不能早于开始日期', { field: 'endDate' });
  return { schoolYearId: year.id, termId: term.id, gradeId, gradeName };
}

/** Each course is a course of the school grade (school_grade_courses), once. */
export async function checkCourses(
  ex: Executor,
  schoolId: number,
  placement: Placement,
  courseIdTexts: string[],
): Promise<number[]> {
  const allowed = new Map((await facts.gradeCourses(ex, schoolId, placement.gradeId)).map((c) => [c.courseId, c.name]));
  const seen = new Set<number>();
  for (const text of courseIdTexts) {
    const courseId = idOf(text, '学科');
    if (!allowed.has(courseId)) {
      throw badInput(`学科（courseId ${courseId}）不是本校${placement.gradeName}的学科`, { field: 'courseId' });
    }
    if (seen.has(courseId)) throw badInput(`学科“${allowed.get(courseId)}”重复`, { field: 'courseId' });
    seen.add(courseId);
  }
  return [...seen];
}

export function checkSubjectDate(examDate: string | null | undefined, exam: { startDate: string; endDate: string }) {
  if (examDate && (examDate < exam.startDate || examDate > exam.endDate)) {
    throw badInput(`考试日期 ${examDate} 不在考试的起止日期（${exam.startDate} 至 ${exam.endDate}）之内`, {
      field: 'examDate',
    });
  }
}

/** Creating and renaming a school's exams take this lock first: no two exams get one name. */
export const EXAM_NAMES = 'multi-exam-names';

const sameNamed = (ex: Executor, schoolId: number, placement: Placement, name: string) =>
  repo.examsNamed(ex, { schoolId, ...placement, name });

const nameTaken = (placement: Placement, name: string) =>
  conflict(`同名考试已存在：本学期${placement.gradeName}已有考试“${name}”，请换一个名称`);

/**
 * A second saveMultiExam with the name of an existing exam of the same school year, term and
 * grade: the same user sending the same exam again (a double click, a retried request) gets that
 * exam, as if the first answer had arrived; anything else is refused (decisions 2026-11-26).
 */
async function resubmitted(
  ex: Executor,
  actor: Actor,
  same: { id: number; createdBy: number | null }[],
  placement: Placement,
  p: CallParams<'saveMultiExam'>,
): Promise<number> {
  const subjectsOf = (list: { courseId: string; fullMark: number; examDate?: string | null }[]) =>
    list
      .map((s) => `${Number(s.courseId)}:${s.fullMark}:${s.examDate ?? ''}`)
      .sort()
      .join();
  for (const candidate of same) {
    if (candidate.createdBy !== actor.userId) continue;
    const exam = await repo.multiExamView(ex, candidate.id);
    if (
      exam &&
      exam.examType === p.examType &&
      exam.startDate === p.startDate &&
      exam.endDate === p.endDate &&
      exam.unionKey === (p.unionKey || null) &&
      exam.hiddenStudentOrder === (p.hiddenStudentOrder ?? '011') &&
      subjectsOf(exam.singleExams) === subjectsOf(p.subjects)
    ) {
      return candidate.id;
    }
  }
  throw nameTaken(placement, p.name);
}

export function createMultiExamsService(db: Db, storage: FileStorage) {
  async function view(meId: number): Promise<MultiExam> {
    return (await repo.multiExamView(db, meId))!;
  }

  return {
    async saveMultiExam(actor: Actor, p: CallParams<'saveMultiExam'>): Promise<MultiExam> {
      const schoolId = schoolOf(actor, p.schoolId);
      const meId = await db
        .transaction(async (tx) => {
          await lockKey(tx, EXAM_NAMES, schoolId);
          const placement = await checkPlacement(tx, schoolId, p);
          const courseIds = await checkCourses(
            tx,
            schoolId,
            placement,
            p.subjects.map((s) => s.courseId),
          );
          for (const subject of p.subjects) checkSubjectDate(subject.examDate, p);
          const classIds = await resolveClasses(tx, schoolId, placement, placement.gradeName, p.classIds);
          const same = await sameNamed(tx, schoolId, placement, p.name);
          if (same.length > 0) return resubmitted(tx, actor, same, placement, p);
          const config = (await findScoreConfig(tx, schoolId)) ?? DEFAULT_SCORE_CONFIG;
          const values = {
            schoolId,
            name: p.name,
            schoolYearId: placement.schoolYearId,
            termId: placement.termId,
            gradeId: placement.gradeId,
            examType: p.examType,
            startDate: p.startDate,
            endDate: p.endDate,
            status: 1,
            hiddenStudentOrder: p.hiddenStudentOrder ?? '011',
            unionKey: p.unionKey || null,
            settings: { ...config, classIds: [], elaId: null },
            createdBy: actor.userId,
          };
          const id = await repo.insertMultiExam(tx, values);
          const seated: Record<string, number> = {};
          for (const [i, subject] of p.subjects.entries()) {
            const seId = await insertSingleExam(tx, {
              schoolId,
              multiExamId: id,
              courseId: courseIds[i]!,
              fullMark: subject.fullMark,
              examDate: subject.examDate ?? null,
              status: 1,
            });
            seated[String(seId)] = await seatClasses(tx, schoolId, seId, classIds);
          }
          await auditExam(tx, actor, 'multi-exam.add', `multi-exam:${id}`, {
            after: { ...values, subjects: p.subjects, classIds, seated },
          });
          return id;
        })
        .catch(raceToConflict);
      return view(meId);
    },

    async updateMultiExam(actor: Actor, p: CallParams<'updateMultiExam'>): Promise<MultiExam> {
      const schoolId = schoolOf(actor, p.schoolId);
      await db.transaction(async (tx) => {
        await lockKey(tx, EXAM_NAMES, schoolId);
        const before = await ownMultiExam(tx, actor, p.schoolId, p.meId);
        assertNotLocked(before);
        const placement = await checkPlacement(tx, schoolId, p);
        const same = (await sameNamed(tx, schoolId, placement, p.name)).filter((e) => e.id !== before.id);
        if (same.length > 0) throw nameTaken(placement, p.name);
        const exam = (await repo.multiExamView(tx, before.id))!;
        const seated = exam.singleExams.some((s) => s.studentCount > 0);
        if (seated && (placement.schoolYearId !== before.schoolYearId || placement.gradeId !== before.gradeId)) {
          throw ruleBroken('考试已安排考生，不能修改学年或年级；请新建考试');
        }
        for (const single of exam.singleExams) checkSubjectDate(single.examDate, p);
        const values = {
          name: p.name,
          schoolYearId: placement.schoolYearId,
          termId: placement.termId,
          gradeId: placement.gradeId,
          examType: p.examType,
          startDate: p.startDate,
          endDate: p.endDate,
          ...(p.hiddenStudentOrder === undefined ? {} : { hiddenStudentOrder: p.hiddenStudentOrder }),
          ...(p.unionKey === undefined ? {} : { unionKey: p.unionKey || null }),
        };
        await repo.updateMultiExamRow(tx, before.id, values);
        await auditExam(tx, actor, 'multi-exam.update', `multi-exam:${before.id}`, { before, after: values });
      });
      return view(idOf(p.meId, '考试'));
    },

    /**
     * 草稿 → 进行中 (every subject too); 进行中 → 草稿 while no score exists; 已完成 → 进行中
     * (reopen, subjects too); 已发布 → 已完成 (withdraw from students). Finalising and publishing
     * have their own calls.
     */
    async updateMultiExamStatus(actor: Actor, p: CallParams<'updateMultiExamStatus'>): Promise<MultiExam> {
      await db.transaction(async (tx) => {
        // The status is read under the row's lock: two parallel moves from one status cannot both pass.
        const exam = await lockMultiExam(tx, (await ownMultiExam(tx, actor, p.schoolId, p.meId)).id);
        const move = `${exam.status}→${p.status}`;
        const refuse = (why = '') =>
          ruleBroken(`考试状态不能从“${statusName(exam.status)}”改为“${statusName(p.status)}”${why}`);
        switch (move) {
          case '1→2':
            await repo.updateMultiExamRow(tx, exam.id, { status: 2 });
            await repo.setSingleStatusOfMulti(tx, exam.id, 2);
            break;
          case '2→1':
            if ((await repo.countScoresOfMulti(tx, exam.id)) > 0) throw refuse('：该考试已有成绩');
            await repo.updateMultiExamRow(tx, exam.id, { status: 1 });
            await repo.setSingleStatusOfMulti(tx, exam.id, 1);
            break;
          case '3→2':
            await repo.updateMultiExamRow(tx, exam.id, { status: 2, finalisedAt: null });
            await repo.setSingleStatusOfMulti(tx, exam.id, 2);
            break;
          case '4→3':
            await repo.updateMultiExamRow(tx, exam.id, { status: 3, publishedToStudents: false, publishedAt: null });
            break;
          default:
            throw refuse(p.status >= 3 ? '；完成考试和发布请使用“完成”“发布”功能' : '');
        }
        await auditExam(tx, actor, 'multi-exam.status', `multi-exam:${exam.id}`, {
          before: { status: exam.status },
          after: { status: p.status },
        });
      });
      return view(idOf(p.meId, '考试'));
    },

    /** Refused once any score exists; otherwise everything under the exam goes, files after commit. */
    async deleteMultiExam(actor: Actor, p: CallParams<'deleteMultiExam'>): Promise<null> {
      const keys = await db.transaction(async (tx) => {
        const exam = await ownMultiExam(tx, actor, p.schoolId, p.meId);
        if ((await repo.countScoresOfMulti(tx, exam.id)) > 0) {
          throw ruleBroken('该考试已有成绩，不能删除；请先删除成绩或撤销');
        }
        const docKeys = await repo.docKeysOfMulti(tx, exam.id);
        await repo.deleteMultiExamCascade(tx, exam.id);
        await auditExam(tx, actor, 'multi-exam.delete', `multi-exam:${exam.id}`, { before: exam });
        return docKeys;
      });
      // A file left behind by a failed removal is harmless; a row pointing at no file is not.
      await Promise.allSettled(keys.map((key) => storage.remove(key)));
      return null;
    },

    async getMultiExamByMeId(actor: Actor, p: CallParams<'getMultiExamByMeId'>) {
      const exam = await ownMultiExam(db, actor, p.schoolId, p.meId);
      return { ...(await view(exam.id)), readScope: await examScopeView(db, actor, exam) };
    },

    async findMultiExamBySchoolIdYear(actor: Actor, p: CallParams<'findMultiExamBySchoolIdYear'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const schyId = optionalIdOf(p.schyId, '学年');
      if (schyId !== null) ownedBy(await facts.findSchoolYearRow(db, schyId), schoolId, '该学年不存在或已删除');
      const gradeId = optionalIdOf(p.gradeId, '年级');
      const page = await repo.multiExamPage(db, {
        schoolId,
        schoolYearId: schyId ?? undefined,
        gradeIds: gradeId === null ? undefined : [gradeId],
        status: p.status,
        keyword: p.keyword || undefined,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    /**
     * Type 5: every exam of the school. Type 1: exams of a grade where the teacher has a class-teacher
     * link in the exam's term (the grade of the linked class in the exam's school year).
     */
    async findMyMultiExam(actor: Actor, p: CallParams<'findMyMultiExam'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const schyId = optionalIdOf(p.schyId, '学年');
      if (schyId !== null) ownedBy(await facts.findSchoolYearRow(db, schyId), schoolId, '该学年不存在或已删除');
      let meIds: number[] | undefined;
      if (actor.type !== 5) {
        const candidates = await repo.examPlacements(db, schoolId, schyId ?? undefined);
        const links = await taughtTermClasses(db, actor.userId, [...new Set(candidates.map((c) => c.termId))]);
        const grades = await facts.classGradesInYears(
          db,
          links.map((l) => l.classId),
        );
        meIds = candidates
          .filter((exam: Pick<MultiExamRow, 'termId' | 'schoolYearId' | 'gradeId'>) =>
            links.some(
              (l) =>
                l.termId === exam.termId &&
                grades.some(
                  (g) => g.classId === l.classId && g.schoolYearId === exam.schoolYearId && g.gradeId === exam.gradeId,
                ),
            ),
          )
          .map((exam) => exam.id);
      }
      const page = await repo.multiExamPage(db, {
        schoolId,
        meIds,
        schoolYearId: schyId ?? undefined,
        keyword: p.keyword || undefined,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },
  };
}
