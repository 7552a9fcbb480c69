import type { SingleExam } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { conflict, ruleBroken } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { assertNotLocked, auditExam, type CallParams, ownMultiExam, ownSingleExam, raceToConflict } from '../access.ts';
import { lockStructure } from '../scores/score-write-repo.ts';
import { resolveClasses, seatClasses } from '../students/exam-students-service.ts';
import { schoolGradeName } from '../students/placement-repo.ts';
import { singleExamViews } from './multi-exams-repo.ts';
import { checkCourses, checkSubjectDate } from './multi-exams-service.ts';
import * as repo from './single-exams-repo.ts';

// Single exams (seId): adding a subject to a multi-exam (with its students), its full mark and
// date, and deleting it while it has no scores.

export function createSingleExamsService(db: Db, storage: FileStorage) {
  async function view(seId: number): Promise<SingleExam> {
    const [single] = await singleExamViews(db, [], [seId]);
    return single!;
  }

  return {
    async saveSingleExam(actor: Actor, p: CallParams<'saveSingleExam'>): Promise<SingleExam> {
      const seId = await db
        .transaction(async (tx) => {
          const multi = await ownMultiExam(tx, actor, p.schoolId, p.meId);
          assertNotLocked(multi);
          const gradeName = (await schoolGradeName(tx, multi.schoolId, multi.gradeId)) ?? '该年级';
          const placement = { ...multi, gradeName };
          const [courseId] = await checkCourses(tx, multi.schoolId, placement, [p.courseId]);
          checkSubjectDate(p.examDate, multi);
          if (await repo.singleOfCourse(tx, multi.id, courseId!)) throw conflict('该考试已有这个学科');
          const classIds = await resolveClasses(tx, multi.schoolId, multi, gradeName, p.classIds);
          const id = await repo.insertSingleExam(tx, {
            schoolId: multi.schoolId,
            multiExamId: multi.id,
            courseId: courseId!,
            fullMark: p.fullMark,
            examDate: p.examDate ?? null,
            // A subject added to an exam in progress is in progress too.
            status: multi.status === 2 ? 2 : 1,
          });
          const seated = await seatClasses(tx, multi.schoolId, id, classIds);
          await auditExam(tx, actor, 'single-exam.add', `single-exam:${id}`, {
            after: { meId: multi.id, courseId, fullMark: p.fullMark, examDate: p.examDate ?? null, classIds, seated },
          });
          return id;
        })
        .catch(raceToConflict);
      return view(seId);
    },

    async updateSingleExam(actor: Actor, p: CallParams<'updateSingleExam'>): Promise<SingleExam> {
      const seId = await db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        // Papers, then the single exam, as every score writer: no score slips past the check below.
        await lockStructure(tx, single.id);
        checkSubjectDate(p.examDate, single.multi);
        // A total-only subject keeps every stored total within its full mark.
        const highest = await repo.maxTotalOfSingle(tx, single.id);
        if (highest !== null && highest > p.fullMark) {
          throw ruleBroken(`已有学生总分 ${highest}，满分不能低于该分数`);
        }
        const values = { fullMark: p.fullMark, ...(p.examDate === undefined ? {} : { examDate: p.examDate }) };
        await repo.updateSingleExamRow(tx, single.id, values);
        await auditExam(tx, actor, 'single-exam.update', `single-exam:${single.id}`, {
          before: { fullMark: single.fullMark, examDate: single.examDate },
          after: values,
        });
        return single.id;
      });
      return view(seId);
    },

    async deleteSingleExam(actor: Actor, p: CallParams<'deleteSingleExam'>): Promise<null> {
      const keys = await db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        assertNotLocked(single.multi, single);
        // Papers, then the single exam, as every score writer: no score slips past the check below.
        await lockStructure(tx, single.id);
        if ((await repo.countScoresOfSingle(tx, single.id)) > 0) {
          throw ruleBroken('该科目已有成绩，不能删除；请先删除成绩');
        }
        const docKeys = await repo.docKeysOfSingle(tx, single.id);
        await repo.deleteSingleCascade(tx, single.id);
        const { multi, ...before } = single;
        await auditExam(tx, actor, 'single-exam.delete', `single-exam:${single.id}`, { before });
        return docKeys;
      });
      await Promise.allSettled(keys.map((key) => storage.remove(key)));
      return null;
    },

    async findSingleExamBySeId(actor: Actor, p: CallParams<'findSingleExamBySeId'>): Promise<SingleExam> {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return view(single.id);
    },

    async findSingleByQiqSeId(actor: Actor, p: CallParams<'findSingleByQiqSeId'>): Promise<SingleExam[]> {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      return singleExamViews(db, [multi.id]);
    },
  };
}
