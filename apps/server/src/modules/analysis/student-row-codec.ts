import type { StudentRow, StudentSubjectFigures } from '@huikao/contracts';

// How a student's row is stored: each subject's figures as an array in FIGURES order instead of an
// object with its names. A 联考 stores 200,000 rows (the union's and the member schools'), and the
// names were 40 % of their text: less to build, check, compress and write. Every read goes through
// unpack, so calls still answer with the contract's StudentRow.

const FIGURES = [
  'score',
  'classRank',
  'gradeRank',
  'unionRank',
  'classDenseRank',
  'gradeDenseRank',
  'pr',
  'beat',
  'z',
  't',
  'level',
  'levelScore',
] as const satisfies readonly (keyof StudentSubjectFigures)[];

type FigureValues = (number | string | null)[];

export type StoredSubjects = Record<string, FigureValues>;

export interface StoredStudentBody extends Omit<StudentRow, 'subjects'> {
  subjects: StoredSubjects;
}

export function packSubjects(subjects: StudentRow['subjects']): StoredSubjects {
  const out: StoredSubjects = {};
  for (const [key, figures] of Object.entries(subjects)) out[key] = FIGURES.map((name) => figures[name]);
  return out;
}

export function unpackSubjects(stored: StoredSubjects): StudentRow['subjects'] {
  const out: StudentRow['subjects'] = {};
  for (const [key, values] of Object.entries(stored)) {
    const figures: Record<string, number | string | null> = {};
    FIGURES.forEach((name, f) => {
      figures[name] = values[f] ?? null;
    });
    out[key] = figures as StudentSubjectFigures;
  }
  return out;
}

export function packStudentRow(row: StudentRow): StoredStudentBody {
  return { ...row, subjects: packSubjects(row.subjects) };
}

export function unpackStudentRow(stored: unknown): StudentRow {
  const body = stored as StoredStudentBody;
  return { ...body, subjects: unpackSubjects(body.subjects) };
}
