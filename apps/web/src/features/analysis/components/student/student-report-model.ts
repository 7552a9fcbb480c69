import { type StudentReport, type StudentSubjectReport, TOTAL_SUBJECT } from '@huikao/contracts';
import { sumScores } from '@huikao/stats';
import { formatPercent, formatRank } from '../../format.ts';

// Table rows of the student screens. Disclosure (analysis-reports.md): the school decides whether a
// student sees an exact rank, a rank band or only "超过了 X% 的同学", and the exam's hidden-student-order
// applies on top. The server sends null for whatever is hidden; these functions show only what is
// there and never derive a rank or position from other figures.

export type StudentPosition = NonNullable<StudentReport['total']>;

/** One disclosed fact of the student's position. */
export interface PositionFact {
  key: 'classRank' | 'gradeRank' | 'rankBand' | 'beat';
  label: string;
  value: string;
}

/** The student's position in one subject, as far as the server disclosed it (nothing → no facts). */
export function positionFacts(position: Pick<StudentPosition, 'classRank' | 'gradeRank' | 'rankBand' | 'beat'>) {
  const facts: PositionFact[] = [];
  if (position.classRank !== null)
    facts.push({ key: 'classRank', label: '班级名次', value: `第 ${formatRank(position.classRank)} 名` });
  if (position.gradeRank !== null)
    facts.push({ key: 'gradeRank', label: '年级名次', value: `第 ${formatRank(position.gradeRank)} 名` });
  if (position.rankBand !== null) facts.push({ key: 'rankBand', label: '年级名次段', value: position.rankBand });
  if (position.beat !== null) facts.push({ key: 'beat', label: '年级位置', value: beatText(position.beat) });
  return facts;
}

/** "超过了 X% 的同学": the share of the grade strictly below (analysis-definitions.md). */
export function beatText(beat: number): string {
  return `超过了 ${formatPercent(beat)} 的同学`;
}

/** A subject's line of the 学科分析 table (总分 first). */
export interface StudentSubjectRow extends StudentPosition {
  subjectKey: string;
  name: string;
  seId: string | null;
  absent: boolean;
  weakest: boolean;
}

/** The total (when the student has one) followed by each course, the weakest course marked. */
export function studentSubjectRows(report: StudentReport): StudentSubjectRow[] {
  const rows: StudentSubjectRow[] = [];
  if (report.total) {
    rows.push({
      ...report.total,
      subjectKey: TOTAL_SUBJECT,
      name: '总分',
      seId: null,
      absent: report.total.score === null,
      weakest: false,
    });
  }
  for (const { subject, ...position } of report.subjects) {
    rows.push({
      ...position,
      subjectKey: subject.subjectKey,
      name: subject.name,
      seId: subject.seId,
      absent: position.score === null,
      weakest: isWeakest(report, subject),
    });
  }
  return rows;
}

/** The optional columns of a student table: only those some row has a figure for. */
export type OptionalField =
  | 'classMean'
  | 'gradeMean'
  | 'gradeMax'
  | 'classRank'
  | 'gradeRank'
  | 'rankBand'
  | 'beat'
  | 't';

export function shownFields<Row extends Partial<Record<OptionalField, unknown>>>(
  rows: readonly Row[],
  fields: readonly OptionalField[],
): Set<OptionalField> {
  return new Set(fields.filter((field) => rows.some((row) => row[field] !== null && row[field] !== undefined)));
}

/**
 * Whether a course is the one the server named weakest (lowest Z). The contract leaves open whether
 * `weakest` is the course's key or its name; the server sends the name, so either is accepted.
 */
function isWeakest(report: StudentReport, subject: StudentReport['subjects'][number]['subject']): boolean {
  return report.weakest !== null && (subject.subjectKey === report.weakest || subject.name === report.weakest);
}

/** The student's weakest course (lowest Z), or null when the server names none. */
export function weakestCourse(report: StudentReport): StudentReport['subjects'][number]['subject'] | null {
  return report.subjects.find((subject) => isWeakest(report, subject.subject))?.subject ?? null;
}

/** A question's line of the 单科分析 table: the points lost beside the class and grade means. */
export interface QuestionRow {
  questionId: string;
  questionNo: string;
  fullMark: number;
  score: number | null;
  /** Full mark − score, exact in hundredths; null when the student has no score. */
  lost: number | null;
  classMean: number | null;
  gradeMean: number | null;
  knowledgePoints: string;
}

export function questionRows(questions: StudentSubjectReport['questions']): QuestionRow[] {
  return questions.map((question) => ({
    questionId: question.questionId,
    questionNo: question.questionNo,
    fullMark: question.fullMark,
    score: question.score,
    lost: question.score === null ? null : sumScores([question.fullMark, -question.score]),
    classMean: question.classMean,
    gradeMean: question.gradeMean,
    knowledgePoints: question.knowledgePoints.join('、'),
  }));
}

/** A knowledge point's line: its full mark in the paper, the points lost, the share lost. */
export interface KnowledgeLossRow {
  name: string;
  fullMark: number;
  lost: number;
  lostRate: number | null;
}

/** Knowledge points by points lost, the biggest loss first (then by name). */
export function knowledgeLossRows(lost: StudentSubjectReport['lostByKnowledge']): KnowledgeLossRow[] {
  return [...lost]
    .sort((a, b) => b.lost - a.lost || a.name.localeCompare(b.name, 'zh-CN'))
    .map((row) => ({ ...row, lostRate: row.fullMark > 0 ? row.lost / row.fullMark : null }));
}
