import type { ItemsReport, ScopeRef, SubjectsReport } from '@huikao/contracts';
import { subjectContribution, weightedDiscrimination } from '@huikao/stats';
import type { RunSettings } from '../load/settings.ts';
import { summaryFigures } from './overview.ts';
import type { Population } from './populations.ts';
import type { SubjectView } from './views.ts';

// 学科分析 of the grade (a union: the union): every course's difficulty, discrimination (the full-mark-
// weighted mean of its items' D), α,
// split-half and 学科贡献率 (mean version: a course's mean / the sum of the courses' means).

export function subjectsDocument(input: {
  scope: ScopeRef;
  courses: SubjectView[];
  pops: Population[];
  absent: number[];
  /** The top scope's items result per course (null when the course has no comparable questions). */
  items: ({ report: ItemsReport; discriminations: (number | null)[] } | null)[];
  settings: RunSettings;
}): SubjectsReport {
  const summaries = input.courses.map((view, c) =>
    summaryFigures(input.pops[c]!.scores, input.absent[c]!, view.fullMark, input.settings),
  );
  const sat = summaries.flatMap((s, c) => (s === null ? [] : [c]));
  const shares = subjectContribution(sat.map((c) => summaries[c]!.mean));
  return {
    scope: input.scope,
    subjects: input.courses.map((view, c) => {
      const items = input.items[c] ?? null;
      const at = sat.indexOf(c);
      return {
        subject: view.ref,
        summary: summaries[c]!,
        difficulty: summaries[c]?.scoreRate ?? null,
        discrimination:
          items === null
            ? null
            : weightedDiscrimination(
                items.discriminations,
                items.report.items.map((item) => item.fullMark),
              ),
        alpha: items?.report.alpha ?? null,
        splitHalf: items?.report.splitHalf ?? null,
        contribution: shares === null || at < 0 ? null : shares[at]!,
      };
    }),
  };
}
