import type {
  AttentionReport,
  ItemsReport,
  OverviewReport,
  SubjectRef,
  SummaryFigures,
  UnitRow,
} from '@huikao/contracts';

// Table rows of the school-area screens (type 4 managers): a 联考's areas, schools and classes
// compared, its critical students by school, its questions across schools. Figures stay at full
// precision here; tables, charts and exports round them through format.ts. Ranks are the server's
// (competition ranks among the siblings); nothing here ranks anything.

const byName = (a: string, b: string) => a.localeCompare(b, 'zh-CN', { numeric: true });
const rankOrder = (a: number | null, b: number | null) =>
  (a ?? Number.POSITIVE_INFINITY) - (b ?? Number.POSITIVE_INFINITY);

/** A unit's label: a class carries its school's name (every class of every school in one list). */
export function unitLabel(unit: Pick<UnitRow, 'scope' | 'schoolName'>): string {
  return unit.scope.kind === 'class' && unit.schoolName ? `${unit.schoolName} ${unit.scope.name}` : unit.scope.name;
}

/** One unit (area, school or class) of the comparison tables. */
export interface UnitCompareRow {
  key: string;
  /** The unit's own name (a class: without its school). */
  name: string;
  /** The unit's name; a class with its school's. */
  label: string;
  schoolName: string | null;
  summary: SummaryFigures | null;
  overMeanRate: number | null;
  tScore: number | null;
  rank: number | null;
  /** Class evaluation (classECSet, classRSRSet); null where the server has none. */
  evaluation: UnitRow['evaluation'];
}

/** The units of a union overview by their rank among siblings (then name): every table and chart's order. */
export function rankedUnits(report: OverviewReport): UnitRow[] {
  return [...report.units].sort((a, b) => rankOrder(a.rank, b.rank) || byName(unitLabel(a), unitLabel(b)));
}

/** The units of a union overview as table rows, in rank order. */
export function unitCompareRows(report: OverviewReport): UnitCompareRow[] {
  return rankedUnits(report).map((unit) => ({
    key: `${unit.scope.kind}:${unit.scope.id}`,
    name: unit.scope.name,
    label: unitLabel(unit),
    schoolName: unit.schoolName,
    summary: unit.summary,
    overMeanRate: unit.overMeanRate,
    tScore: unit.tScore,
    rank: unit.rank,
    evaluation: unit.evaluation,
  }));
}

/** Whether any unit carries a class evaluation (the evaluation columns are shown only then). */
export function hasEvaluation(rows: readonly UnitCompareRow[]): boolean {
  return rows.some((row) => row.evaluation !== null);
}

/** One subject's line of the whole-exam table: the 联考's figures over every school. */
export interface SubjectSummaryRow {
  subjectKey: string;
  name: string;
  fullMark: number;
  /** The population the figures are about (the 联考's name); null until its report is read. */
  scopeName: string | null;
  summary: SummaryFigures | null;
}

/** The subjects in the order given (总分 first), each with its report's summary when it was read. */
export function subjectSummaryRows(
  subjects: readonly SubjectRef[],
  reports: ReadonlyMap<string, OverviewReport>,
): SubjectSummaryRow[] {
  return subjects.map((subject) => {
    const report = reports.get(subject.subjectKey);
    return {
      subjectKey: subject.subjectKey,
      name: subject.name,
      fullMark: subject.fullMark,
      scopeName: report?.scope.name ?? null,
      summary: report?.summary ?? null,
    };
  });
}

/** A critical student (临界生) with the line they are near. */
export interface CriticalRow extends Omit<AttentionReport['lines'][number]['students'][number], 'side'> {
  key: string;
  line: string;
  lineScore: number | null;
  side: '线上' | '线下';
}

/**
 * The critical students of every line, grouped by school (then line, above before below, nearest
 * the line first). `school` keeps one school's students only.
 */
export function criticalRows(report: AttentionReport, school?: string): CriticalRow[] {
  const lineOrder = new Map(report.lines.map((line, index) => [line.name, index]));
  return report.lines
    .flatMap((line) =>
      line.students.map((student) => ({
        ...student,
        key: `${line.name}:${student.studentId}`,
        line: line.name,
        lineScore: line.score,
        side: student.side === 'above' ? ('线上' as const) : ('线下' as const),
      })),
    )
    .filter((row) => !school || row.schoolName === school)
    .sort(
      (a, b) =>
        byName(a.schoolName, b.schoolName) ||
        (lineOrder.get(a.line) ?? 0) - (lineOrder.get(b.line) ?? 0) ||
        byName(a.side, b.side) ||
        Math.abs(a.gap) - Math.abs(b.gap) ||
        a.rank - b.rank,
    );
}

/** The schools named in an attention report, in name order (for the school filter and the chart). */
export function attentionSchools(report: AttentionReport): string[] {
  const names = new Set<string>();
  for (const line of report.lines) for (const student of line.students) names.add(student.schoolName);
  for (const student of report.imbalanced) names.add(student.schoolName);
  for (const student of report.movers) names.add(student.schoolName);
  return [...names].sort(byName);
}

/** A question of the 联考 with its figures over the union and each school's 难度(得分率). */
export interface QuestionCompareRow {
  questionNo: string;
  fullMark: number;
  mean: number;
  difficulty: number;
  discrimination: number | null;
  /** 校正题总相关: the item–rest r over the union. */
  itemRest: number | null;
  ebel: string | null;
  knowledgePoints: string;
  /** Keyed by the school's scope id; null where the school has no such question. */
  schools: Record<string, { mean: number; difficulty: number } | null>;
}

/** The union's questions in paper order; schools matched by question number (each school has its own paper ids). */
export function questionCompareRows(union: ItemsReport, schools: readonly ItemsReport[]): QuestionCompareRow[] {
  const perSchool = schools.map(
    (school) => [school.scope.id, new Map(school.items.map((item) => [item.questionNo, item]))] as const,
  );
  return union.items.map((item) => ({
    questionNo: item.questionNo,
    fullMark: item.fullMark,
    mean: item.mean,
    difficulty: item.difficulty,
    discrimination: item.discrimination,
    itemRest: item.itemRest,
    ebel: item.ebel,
    knowledgePoints: item.knowledgePoints.join('、'),
    schools: Object.fromEntries(
      perSchool.map(([id, items]) => {
        const own = items.get(item.questionNo);
        return [id, own ? { mean: own.mean, difficulty: own.difficulty } : null];
      }),
    ),
  }));
}
