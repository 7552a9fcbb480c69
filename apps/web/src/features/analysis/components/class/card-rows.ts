import type { StudentRow } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';

// report-card (班级成绩单): the whole class in one list, ordered in the browser, with the grade
// card's columns.

/** Highest score in the subject first, absentees (and students without the subject) last, then by 学号. */
export function bySubjectScore(subjectKey: string) {
  return (a: StudentRow, b: StudentRow) => {
    const x = a.subjects[subjectKey]?.score ?? null;
    const y = b.subjects[subjectKey]?.score ?? null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return y - x;
    }
    return a.studentNo.localeCompare(b.studentNo, 'zh-CN', { numeric: true });
  };
}

/** Columns of ranks: the class and grade rank of each subject, and 进退步 (a change of rank). */
const isRankColumn = (key: unknown) =>
  typeof key === 'string' && (key.startsWith('classRank:') || key.startsWith('gradeRank:') || key === 'progress');

/**
 * The grade card's columns for a list ordered here: without the class column (the page fixes the
 * class), without the server-side sorters (the grade card sorts on the server), and without the
 * rank columns when the exam hides ranks from this reader (they would be empty).
 */
export function classCardColumns<Row>(columns: TableColumnsType<Row>, ranksHidden: boolean): TableColumnsType<Row> {
  return columns
    .filter((column) => column.key !== 'classId' && !(ranksHidden && isRankColumn(column.key)))
    .map((column) => {
      const children =
        'children' in column && column.children ? classCardColumns(column.children, ranksHidden) : undefined;
      return { ...column, sorter: undefined, ...(children ? { children } : {}) };
    });
}
