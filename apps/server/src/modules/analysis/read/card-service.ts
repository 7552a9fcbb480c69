import { hiddenOptionOn, type StudentRow, type StudentSubjectFigures, TOTAL_SUBJECT } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { type ReadScope, requireClass, requireSubject } from '../../../platform/read-scope.ts';
import { classIn, readableExam, subjectOf } from './context.ts';
import type { CallParams } from './exams-service.ts';
import { studentRowPage } from './repo.ts';
import { requireFinalised, type StoredReports, schoolRunKey } from './stored.ts';

// 成绩单 (grade-report-card, report-card): a page of the exam's stored student rows, filtered by
// class and keyword and sorted by a subject in SQL. A reader sees the rows of the classes in their
// scope and, in each row, only the subjects they may read there (a course teacher no total, hence
// no 偏科 or 进退步 either). Ranks: readers of the whole grade always see them; other teachers see
// them unless the exam's 隐藏名次 option is on, since class report cards go to students and parents.

const RANK_FIELDS = ['classRank', 'gradeRank', 'unionRank', 'classDenseRank', 'gradeDenseRank', 'pr', 'beat'] as const;

export function withoutRanks(figures: StudentSubjectFigures): StudentSubjectFigures {
  const out = { ...figures };
  for (const field of RANK_FIELDS) out[field] = null;
  return out;
}

/** A row as this reader may see it. */
export function rowInScope(row: StudentRow, scope: ReadScope, ranksHidden: boolean): StudentRow {
  const readable = scope.whole ? null : (scope.byClass.get(Number(row.classId)) ?? new Set<string>());
  const subjects: StudentRow['subjects'] = {};
  for (const [key, figures] of Object.entries(row.subjects)) {
    if (readable && !readable.has(key)) continue;
    subjects[key] = ranksHidden ? withoutRanks(figures) : figures;
  }
  const total = readable === null || readable.has(TOTAL_SUBJECT);
  return {
    ...row,
    subjects,
    imbalance: total ? row.imbalance : null,
    progress: total && !ranksHidden ? row.progress : null,
  };
}

export function createReadCardService(db: Db, stored: StoredReports) {
  return {
    async getMultiExamStudentScorePage(actor: Actor, p: CallParams<'getMultiExamStudentScorePage'>) {
      const { context, scope } = await readableExam(db, actor, p.schoolId, p.meId);
      requireFinalised(context.exam);
      let classIds: number[] | null = scope.whole ? null : [...scope.byClass.keys()];
      if (p.classId !== undefined) {
        const klass = await classIn(db, context, p.classId);
        requireClass(scope, klass.classId, null);
        classIds = [klass.classId];
      }
      const visible = context.subjects.filter((s) =>
        (classIds ?? [...scope.byClass.keys()]).some((id) => scope.byClass.get(id)?.has(s.subjectKey)),
      );
      let sortSubject = p.sortSubject ?? (visible[0]?.subjectKey as string);
      if (p.sortSubject !== undefined) {
        sortSubject = subjectOf(context, p.sortSubject).subjectKey;
        const allowed = requireSubject(scope, sortSubject);
        if (classIds && !classIds.some((id) => allowed.has(id))) requireClass(scope, classIds[0]!, sortSubject);
      }
      const runKey = schoolRunKey(context.exam.id);
      await stored.requireComputed(runKey);
      const page = await studentRowPage(db, {
        runKey,
        classIds,
        keyword: p.keyword || undefined,
        sortSubject,
        order: p.order ?? 'desc',
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      const ranksHidden = !scope.whole && hiddenOptionOn(context.exam.hiddenStudentOrder, 0);
      return {
        list: page.list.map((row) => rowInScope(row, scope, ranksHidden)),
        total: page.total,
        currentPage: p.currentPage,
        pageSize: p.pageSize,
        subjects: visible,
        ranksHidden,
      };
    },
  };
}
