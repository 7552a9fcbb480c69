import type { ClassScoreList, OverviewReport, StudentRow, schoolCardApi } from '@huikao/contracts';
import { hiddenOptionOn, TOTAL_SUBJECT } from '@huikao/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import { requireClass } from '../../../platform/read-scope.ts';
import { idOf } from '../../../platform/tenancy.ts';
import { rowInScope } from '../read/card-service.ts';
import { classIn, readableExam } from '../read/context.ts';
import { schoolOfStudent } from '../read/exams-repo.ts';
import { studentRowOf, studentRowPage } from '../read/repo.ts';
import type { createReadReportsService } from '../read/reports-service.ts';
import { requireFinalised, type StoredReports, schoolRunKey } from '../read/stored.ts';

// The older school service's GETs (issue #19 part 5), read through the analysis pages' own readers:
// the same exam lookup, scope (403 for another school's exam, class or student), stored rows and
// rank hiding, so a display or parent portal never sees more than the report pages would show.

type Params<K extends keyof typeof schoolCardApi> = z.output<(typeof schoolCardApi)[K]['params']>;
type Reports = ReturnType<typeof createReadReportsService>;

/** A class list is one page of the stored rows; no class of a school is anywhere near this size. */
const CLASS_LIMIT = 500;

export function createSchoolCardService(db: Db, stored: StoredReports, reports: Reports) {
  return {
    summaryCard(actor: Actor, p: Params<'summaryCard'>): Promise<OverviewReport> {
      return reports.findOverviewReport(actor, { ...p, subjectKey: TOTAL_SUBJECT });
    },

    async studentScoreCard(actor: Actor, p: Params<'studentScoreCard'>): Promise<StudentRow> {
      const { context, scope } = await readableExam(db, actor, p.schoolId, p.meId);
      requireFinalised(context.exam);
      const runKey = schoolRunKey(context.exam.id);
      await stored.requireComputed(runKey);
      const studentId = idOf(p.studentId, '学生');
      const row = await studentRowOf(db, runKey, studentId);
      if (!row) {
        const school = await schoolOfStudent(db, studentId);
        if (school !== null && school !== context.exam.schoolId) throw forbidden('无权访问其他学校的数据');
        throw notFound('该学生没有参加本次考试');
      }
      requireClass(scope, Number(row.classId), null);
      const seen = rowInScope(row, scope, !scope.whole && hiddenOptionOn(context.exam.hiddenStudentOrder, 0));
      if (Object.keys(seen.subjects).length === 0) throw forbidden('无权查看该学生的成绩');
      return seen;
    },

    async classScoreList(actor: Actor, p: Params<'classScoreList'>): Promise<ClassScoreList> {
      const { context, scope } = await readableExam(db, actor, p.schoolId, p.meId);
      requireFinalised(context.exam);
      const klass = await classIn(db, context, p.classId);
      requireClass(scope, klass.classId, null);
      const runKey = schoolRunKey(context.exam.id);
      await stored.requireComputed(runKey);
      const page = await studentRowPage(db, {
        runKey,
        classIds: [klass.classId],
        sortSubject: TOTAL_SUBJECT,
        order: 'desc',
        offset: 0,
        limit: CLASS_LIMIT,
      });
      const readable = scope.byClass.get(klass.classId) ?? new Set<string>();
      const ranksHidden = !scope.whole && hiddenOptionOn(context.exam.hiddenStudentOrder, 0);
      return {
        subjects: context.subjects.filter((s) => scope.whole || readable.has(s.subjectKey)),
        ranksHidden,
        list: page.list.map((row) => rowInScope(row, scope, ranksHidden)),
      };
    },
  };
}
