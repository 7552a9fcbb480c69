import type { AttentionReport, ScopeRef } from '@huikao/contracts';
import { criticalSide, rankProgress } from '@huikao/stats';
import type { LineInfo } from './compute-lines.ts';
import type { StudentFigures, StudentImbalance } from './compute-students.ts';
import type { SubjectView } from './compute-views.ts';
import type { RunData } from './load-model.ts';

// 关注学生 of one subject over the grade (a union: the union); the read call filters by class or
// school. 临界生 per total line by the exam's rule; for a course, around its effective score with
// the score band scaled to the course's share of the total full mark. 偏科 students (a course:
// those whose weakest course it is). Movers: every student whose rank changed since the
// previous exam, biggest rise first.

type Critical = AttentionReport['lines'][number]['students'][number];

export function attentionDocument(input: {
  run: RunData;
  scope: ScopeRef;
  view: SubjectView;
  /** Position of the course among the run's courses; −1 for the total. */
  course: number;
  courseKeys: string[];
  figures: StudentFigures;
  imbalance: StudentImbalance;
  lines: LineInfo[];
}): AttentionReport {
  const { run, view, figures, course } = input;
  const critical = run.settings.critical;
  const scale = course < 0 ? 1 : view.fullMark / run.totalFullMark;
  const rule = { ...critical, below: critical.below * scale, above: critical.above * scale };
  const rankOf = run.union ? figures.unionRank : figures.gradeRank;
  const who = (i: number) => {
    const c = run.classes[run.classOf[i]!]!;
    return {
      studentId: String(run.studentIds[i]),
      name: run.names[i]!,
      className: c.name,
      classId: c.id,
      schoolName: run.schools[c.schoolIdx]!.name,
    };
  };
  const top = figures.top;

  const lines = input.lines.map((line) => {
    const score = course < 0 ? line.score : (line.effective[course] ?? null);
    const students: Critical[] = [];
    if (score !== null) {
      for (let k = 0; k < top.index.length; k++) {
        const i = top.index[k]!;
        const x = top.scores[k]!;
        const side = criticalSide(x, rankOf[i]!, score, line.onLine, rule);
        if (side === null) continue;
        const weakest = course < 0 ? input.imbalance.weakest[i]! : -1;
        students.push({
          ...who(i),
          total: x,
          rank: rankOf[i]!,
          gap: x - score,
          side,
          weakest: weakest < 0 ? null : input.courseKeys[weakest]!,
        });
      }
      students.sort((a, b) => b.total - a.total || Number(a.studentId) - Number(b.studentId));
    }
    return { name: line.name, score, lineRank: score === null ? null : line.onLine, students };
  });

  const imb = input.imbalance;
  const imbalanced: AttentionReport['imbalanced'] = [];
  for (let i = 0; i < run.n; i++) {
    if (imb.flagged[i] !== 1 || (course >= 0 && imb.weakest[i] !== course)) continue;
    imbalanced.push({
      ...who(i),
      spread: imb.spread[i]!,
      weakest: input.courseKeys[imb.weakest[i]!]!,
      strongest: input.courseKeys[imb.strongest[i]!]!,
      weakestZ: imb.weakestZ[i]!,
      strongestZ: imb.strongestZ[i]!,
    });
  }
  imbalanced.sort((a, b) => b.spread - a.spread || Number(a.studentId) - Number(b.studentId));

  const previous = run.previous;
  const movers: AttentionReport['movers'] = [];
  if (previous !== null) {
    for (let k = 0; k < top.index.length; k++) {
      const i = top.index[k]!;
      const before = previous.ranks.get(run.studentIds[i]!)?.get(view.key);
      if (!before || before.gradeRank === null) continue;
      const change = rankProgress(before.gradeRank, figures.gradeRank[i]!);
      if (change === 0) continue;
      movers.push({
        ...who(i),
        score: top.scores[k]!,
        rank: figures.gradeRank[i]!,
        previousRank: before.gradeRank,
        change,
        tChange: before.t === null ? null : figures.t[i]! - before.t,
      });
    }
    movers.sort((a, b) => b.change - a.change || Number(a.studentId) - Number(b.studentId));
  }

  return {
    subject: view.ref,
    scope: input.scope,
    rule,
    lines,
    imbalanced,
    previousExam: previous === null ? null : { meId: String(previous.meId), name: previous.name },
    movers,
  };
}
