import type { LinesReport, ScopeRef } from '@huikao/contracts';
import { criticalLineRank, effectiveScore, lineHits, lineScore, onLineCount } from '@huikao/stats';
import type { RunSettings } from '../load/settings.ts';
import { membersByUnit, type Population, populationOf, valuesAt } from './populations.ts';
import type { SubjectView } from './views.ts';

// 上线分析 of the grade (a union: the union): each total line by score or by rank share, the courses'
// effective scores by the same-proportion method, 单上线 / 双上线 / 贡献率 / 命中率, and per unit.

export interface LineInfo {
  name: string;
  kind: 'score' | 'rate';
  value: number;
  /** The line as a score; null when no student could set it. */
  score: number | null;
  /** M: students on the total line (the rank of each course's effective score). */
  onLine: number;
  /** L, the line rank of 临界生 by rank on the total: ⌈p·N⌉ for a rate line, M for a score line. */
  lineRank: number;
  /** Effective score per course, in course order. */
  effective: (number | null)[];
}

type LineSubject = LinesReport['lines'][number]['subjects'][number];

function subjectsAt(
  courses: SubjectView[],
  coursePops: Population[],
  total: Float64Array,
  line: number | null,
  effective: (number | null)[],
): LineSubject[] {
  return courses.map((view, c) => {
    const pop = coursePops[c]!;
    const hits =
      line === null
        ? { single: 0, double: 0, contribution: null, hitRate: null }
        : lineHits(pop.scores, valuesAt(total, pop.index), line, effective[c]!);
    return {
      subjectKey: view.key,
      name: view.ref.name,
      effectiveScore: effective[c]!,
      single: hits.single,
      double: hits.double,
      contribution: hits.contribution,
      hitRate: hits.hitRate,
    };
  });
}

export function linesDocument(input: {
  scope: ScopeRef;
  total: SubjectView;
  courses: SubjectView[];
  /** The top populations (same order as views). */
  totalPop: Population;
  coursePops: Population[];
  unitOf: Int32Array;
  units: ScopeRef[];
  settings: RunSettings;
}): { report: LinesReport; lines: LineInfo[] } {
  const { totalPop, coursePops, courses, total } = input;
  const unitPops = membersByUnit(input.unitOf, input.units.length).map((members) => ({
    total: populationOf(total.score, members),
    courses: courses.map((view) => populationOf(view.score, members)),
  }));
  const lines: LineInfo[] = [];
  const report: LinesReport = {
    scope: input.scope,
    lines: input.settings.lines.map((line) => {
      const score = lineScore(totalPop.scores, line);
      const onLine = score === null ? 0 : onLineCount(totalPop.scores, score);
      const effective = coursePops.map((p) => (score === null ? null : effectiveScore(p.scores, onLine)));
      const lineRank = criticalLineRank(line, totalPop.scores.length, onLine);
      lines.push({ name: line.name, kind: line.kind, value: line.value, score, onLine, lineRank, effective });
      return {
        name: line.name,
        kind: line.kind,
        value: line.value,
        score,
        lineRank: score === null ? null : lineRank,
        onLine,
        subjects: subjectsAt(courses, coursePops, total.score, score, effective),
        units: input.units.map((scope, u) => {
          const pops = unitPops[u]!;
          return {
            scope,
            count: pops.total.scores.length,
            onLine: score === null ? 0 : onLineCount(pops.total.scores, score),
            subjects: subjectsAt(courses, pops.courses, total.score, score, effective),
          };
        }),
      };
    }),
  };
  return { report, lines };
}
