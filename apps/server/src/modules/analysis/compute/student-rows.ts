import { type StudentRow, type StudentSubjectFigures, TOTAL_SUBJECT } from '@huikao/contracts';
import { rankProgress } from '@huikao/stats';
import type { RunData } from '../load/model.ts';
import type { StudentFigures, StudentImbalance } from './students.ts';
import type { SubjectView } from './views.ts';

// One student's row of a run (成绩单, the student's own report): every subject's figures, 偏科 and
// 进退步 of the total against the previous exam. Built one at a time while storing, so a union's
// 100,000 rows never sit in memory as objects or text all at once.

export interface StoredStudentRow {
  studentId: number;
  schoolId: number;
  classId: number;
  multiExamId: number;
  name: string;
  studentNo: string;
  total: number | null;
  gradeRank: number | null;
  body: StudentRow;
}

const orNull = (x: number) => (Number.isNaN(x) ? null : x);
const rankOrNull = (x: number) => (x === 0 ? null : x);

export function studentRowAt(
  run: RunData,
  views: SubjectView[],
  figures: StudentFigures[],
  imbalance: StudentImbalance,
  i: number,
): StoredStudentRow {
  const klass = run.classes[run.classOf[i]!]!;
  const school = run.schools[klass.schoolIdx]!;
  const subjects: Record<string, StudentSubjectFigures> = {};
  views.forEach((view, v) => {
    const f = figures[v]!;
    const score = orNull(view.score[i]!);
    const level = f.level[i]!;
    subjects[view.key] = {
      score,
      classRank: rankOrNull(f.classRank[i]!),
      gradeRank: rankOrNull(f.gradeRank[i]!),
      unionRank: rankOrNull(f.unionRank[i]!),
      classDenseRank: rankOrNull(f.classDense[i]!),
      gradeDenseRank: rankOrNull(f.gradeDense[i]!),
      pr: orNull(f.pr[i]!),
      beat: orNull(f.beat[i]!),
      z: orNull(f.z[i]!),
      t: orNull(f.t[i]!),
      level: level < 0 ? null : run.levelScheme![level]!.name,
      levelScore: orNull(f.levelScore[i]!),
    };
  });
  const courseKeys = views.slice(1).map((v) => v.key);
  const total = subjects[TOTAL_SUBJECT]!;
  const studentId = run.studentIds[i]!;
  return {
    studentId,
    schoolId: Number(school.id),
    classId: Number(klass.id),
    multiExamId: school.meId,
    name: run.names[i]!,
    studentNo: run.studentNos[i]!,
    total: total.score,
    gradeRank: total.gradeRank,
    body: {
      studentId: String(studentId),
      name: run.names[i]!,
      studentNo: run.studentNos[i]!,
      classId: klass.id,
      className: klass.name,
      schoolId: school.id,
      schoolName: school.name,
      subjects,
      imbalance: Number.isNaN(imbalance.spread[i]!)
        ? null
        : {
            spread: imbalance.spread[i]!,
            weakest: courseKeys[imbalance.weakest[i]!]!,
            strongest: courseKeys[imbalance.strongest[i]!]!,
            flagged: imbalance.flagged[i] === 1,
          },
      progress: progressOf(run, total, studentId),
    },
  };
}

function progressOf(run: RunData, total: StudentSubjectFigures, studentId: number): StudentRow['progress'] {
  const previous = run.previous;
  const before = previous?.ranks.get(studentId)?.get(TOTAL_SUBJECT);
  if (!previous || !before || before.gradeRank === null || total.gradeRank === null) return null;
  return {
    previousMeId: String(previous.meId),
    gradeRankChange: rankProgress(before.gradeRank, total.gradeRank),
    classRankChange:
      before.classRank === null || total.classRank === null ? null : rankProgress(before.classRank, total.classRank),
    tChange: before.t === null || total.t === null ? null : total.t - before.t,
  };
}
