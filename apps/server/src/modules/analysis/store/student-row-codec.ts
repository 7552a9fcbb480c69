import type { StudentRow, StudentSubjectFigures } from '@huikao/contracts';
import { tScore } from '@huikao/stats';

// How a student's row is stored: each subject's figures as an array in STORED order instead of an
// object with its names. A 联考 stores 200,000 rows (the union's and the member schools'), and the
// names were 40 % of their text: less to build, check, compress and write. T is not stored: it is
// 50 + 10·Z exactly as computed (tScore), so it is worked out again on reading, one full-precision
// number per subject less to write. Every read goes through unpack, so calls still answer with the
// contract's StudentRow; rows stored before T was dropped (12 figures) read as they are.

const STORED = [
  'score',
  'classRank',
  'gradeRank',
  'unionRank',
  'classDenseRank',
  'gradeDenseRank',
  'pr',
  'beat',
  'z',
  'level',
  'levelScore',
] as const satisfies readonly Exclude<keyof StudentSubjectFigures, 't'>[];
/** The layout before T was dropped: T after Z. */
const WITH_T = [...STORED.slice(0, 9), 't', ...STORED.slice(9)] as const;

type FigureValues = (number | string | null)[];

export type StoredSubjects = Record<string, FigureValues>;

export interface StoredStudentBody extends Omit<StudentRow, 'subjects'> {
  subjects: StoredSubjects;
}

/** One subject's figures in STORED order (written out: this runs 2 million times in a 联考). */
function packFigures(f: StudentSubjectFigures): FigureValues {
  return [
    f.score,
    f.classRank,
    f.gradeRank,
    f.unionRank,
    f.classDenseRank,
    f.gradeDenseRank,
    f.pr,
    f.beat,
    f.z,
    f.level,
    f.levelScore,
  ];
}

export function packSubjects(subjects: StudentRow['subjects']): StoredSubjects {
  const out: StoredSubjects = {};
  for (const key of Object.keys(subjects)) out[key] = packFigures(subjects[key]!);
  return out;
}

export function unpackSubjects(stored: StoredSubjects): StudentRow['subjects'] {
  const out: StudentRow['subjects'] = {};
  for (const [key, values] of Object.entries(stored)) {
    const figures: Record<string, number | string | null> = {};
    const hasT = values.length === WITH_T.length;
    let at = 0;
    for (const name of WITH_T) {
      if (name === 't' && !hasT) figures.t = figures.z === null ? null : tScore(figures.z as number);
      else figures[name] = values[at++] ?? null;
    }
    out[key] = figures as StudentSubjectFigures;
  }
  return out;
}

export function packStudentRow(row: StudentRow): StoredStudentBody {
  return {
    studentId: row.studentId,
    name: row.name,
    studentNo: row.studentNo,
    classId: row.classId,
    className: row.className,
    schoolId: row.schoolId,
    schoolName: row.schoolName,
    subjects: packSubjects(row.subjects),
    imbalance: row.imbalance,
    progress: row.progress,
  };
}

export function unpackStudentRow(stored: unknown): StudentRow {
  const body = stored as StoredStudentBody;
  return { ...body, subjects: unpackSubjects(body.subjects) };
}
