import type { OnlineExamCandidate } from '@huikao/contracts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { idOf, schoolOf } from '../../platform/tenancy.ts';
import { taughtClassIds } from '../exams/index.ts';
import * as making from './making-repo.ts';

// The student picker of 新建在线考试 (issue #18 "classes or students"). Who may be chosen is the
// rule saving checks again (exams' createExamFromPaper): the school administrator any class of the
// school, a teacher the classes they teach in the term. The picker only offers those.

export async function pickableStudents(
  db: Db,
  actor: Actor,
  p: { schoolId: string; termId: string; keyword: string },
): Promise<OnlineExamCandidate[]> {
  const schoolId = schoolOf(actor, p.schoolId);
  if (actor.type !== 1 && actor.type !== 5) throw forbidden('仅教师可以选择考生');
  const term = await making.termOf(db, idOf(p.termId, '学期'));
  if (!term) throw notFound('学期不存在');
  if (term.schoolId !== schoolId) throw forbidden('无权访问其他学校的数据');
  // A teacher's classes of any course here; saving narrows to the course of the paper or exam.
  const classIds = actor.type === 5 ? null : await taughtClassIds(db, actor.userId, term.id, null);
  const rows = await making.candidates(db, { schoolId, schoolYearId: term.schoolYearId, classIds, keyword: p.keyword });
  return rows.map((r) => ({
    studentId: String(r.studentId),
    name: r.name,
    studentNo: r.studentNo,
    classId: String(r.classId),
    className: r.className,
    gradeId: String(r.gradeId),
  }));
}
