import type { ItemRow, StudentScore } from '@huikao/contracts';

// class-single-question-analysis: each student's score on each question of one course (findAnswerScoresBySeId's
// students) in the paper's question order (findItemsReport's items). Absent students have no row
// (they are outside every statistic of the subject); a question not scored for a student is null.

export interface HeatmapQuestion {
  questionId: string;
  questionNo: string;
  fullMark: number;
  /** The class mean of the question, from the class's items report. */
  classMean: number | null;
}

export interface HeatmapStudent {
  studentId: string;
  studentNo: string;
  name: string;
  total: number | null;
  classRank: number | null;
  /** In question order; null: not scored. */
  scores: Array<number | null>;
}

export interface ScoreHeatmap {
  questions: HeatmapQuestion[];
  /** Present students, highest total first (then 学号). */
  students: HeatmapStudent[];
  absent: Array<{ studentId: string; name: string }>;
}

export function scoreHeatmap(
  items: readonly Pick<ItemRow, 'questionId' | 'questionNo' | 'fullMark'>[],
  classItems: readonly Pick<ItemRow, 'questionId' | 'mean'>[],
  scores: readonly StudentScore[],
): ScoreHeatmap {
  const means = new Map(classItems.map((row) => [row.questionId, row.mean]));
  const questions = items.map((row) => ({
    questionId: row.questionId,
    questionNo: row.questionNo,
    fullMark: row.fullMark,
    classMean: means.get(row.questionId) ?? null,
  }));
  const present = scores.filter((student) => !student.absent);
  const students = present
    .map((student) => ({
      studentId: student.studentId,
      studentNo: student.studentNo,
      name: student.name,
      total: student.totalScore,
      classRank: student.classRank,
      scores: questions.map((question) => student.scores[question.questionId] ?? null),
    }))
    .sort(
      (a, b) =>
        (b.total ?? Number.NEGATIVE_INFINITY) - (a.total ?? Number.NEGATIVE_INFINITY) ||
        a.studentNo.localeCompare(b.studentNo, 'zh-CN', { numeric: true }),
    );
  const absent = scores
    .filter((student) => student.absent)
    .map((student) => ({ studentId: student.studentId, name: student.name }));
  return { questions, students, absent };
}

/** A cell's share of the question's full mark (the heat map's colour), null when not scored. */
export function cellRate(score: number | null, fullMark: number): number | null {
  return score === null || fullMark <= 0 ? null : score / fullMark;
}

/** The table's last line: each question's class mean (the class's items report), no total or rank. */
export function classMeanRow(map: ScoreHeatmap): HeatmapStudent {
  return {
    studentId: 'class-mean',
    studentNo: '',
    name: '班级平均',
    total: null,
    classRank: null,
    scores: map.questions.map((question) => question.classMean),
  };
}
