import type { AttentionReport, ScopeRef } from '@huikao/contracts';
import { criticalSide, rankProgress } from '@huikao/stats';
import type { RunData } from '../load/model.ts';
import type { LineInfo } from './lines.ts';
import type { StudentFigures, StudentImbalance } from './students.ts';
import type { SubjectView } from './views.ts';

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
  // Every row starts with who the student is. Rows are written out as whole literals, not as
  // {...who, ...figures}: a 联考's lists hold hundreds of thousands of rows, and the spread copy cost
  // more than the rest of the list together.
  const classOf = (i: number) => run.classes[run.classOf[i]!]!;
  const schoolName = (i: number) => run.schools[classOf(i).schoolIdx]!.name;
  // Lists are ordered on the run's arrays (value, then student id) before any row is made: a 联考's
  // line has tens of thousands of students, and comparing rows meant parsing their ids each time.
  const ids = run.studentIds;
  const top = figures.top;

  const lines = input.lines.map((line) => {
    const score = course < 0 ? line.score : (line.effective[course] ?? null);
    // The total's line rank follows the line's kind; a course's effective score is the M-th score of
    // the course, so M is its line rank whatever the kind.
    const lineRank = course < 0 ? line.lineRank : line.onLine;
    const students: Critical[] = [];
    if (score !== null) {
      const picked: number[] = [];
      for (let k = 0; k < top.index.length; k++) {
        if (criticalSide(top.scores[k]!, rankOf[top.index[k]!]!, score, lineRank, rule) !== null) picked.push(k);
      }
      picked.sort((a, b) => top.scores[b]! - top.scores[a]! || ids[top.index[a]!]! - ids[top.index[b]!]!);
      for (const k of picked) {
        const i = top.index[k]!;
        const x = top.scores[k]!;
        const weakest = course < 0 ? input.imbalance.weakest[i]! : -1;
        students.push({
          studentId: String(ids[i]),
          name: run.names[i]!,
          className: classOf(i).name,
          classId: classOf(i).id,
          schoolName: schoolName(i),
          total: x,
          rank: rankOf[i]!,
          gap: x - score,
          side: criticalSide(x, rankOf[i]!, score, lineRank, rule)!,
          weakest: weakest < 0 ? null : input.courseKeys[weakest]!,
        });
      }
    }
    return { name: line.name, score, lineRank: score === null ? null : lineRank, students };
  });

  const imb = input.imbalance;
  const flagged: number[] = [];
  for (let i = 0; i < run.n; i++) {
    if (imb.flagged[i] === 1 && (course < 0 || imb.weakest[i] === course)) flagged.push(i);
  }
  flagged.sort((a, b) => imb.spread[b]! - imb.spread[a]! || ids[a]! - ids[b]!);
  const imbalanced: AttentionReport['imbalanced'] = flagged.map((i) => ({
    studentId: String(ids[i]),
    name: run.names[i]!,
    className: classOf(i).name,
    classId: classOf(i).id,
    schoolName: schoolName(i),
    spread: imb.spread[i]!,
    weakest: input.courseKeys[imb.weakest[i]!]!,
    strongest: input.courseKeys[imb.strongest[i]!]!,
    weakestZ: imb.weakestZ[i]!,
    strongestZ: imb.strongestZ[i]!,
  }));

  const previous = run.previous;
  const movers: AttentionReport['movers'] = [];
  if (previous !== null) {
    const moved: number[] = [];
    const change = new Float64Array(top.index.length);
    const before: { gradeRank: number | null; t: number | null }[] = [];
    for (let k = 0; k < top.index.length; k++) {
      const i = top.index[k]!;
      const was = previous.ranks.get(run.studentIds[i]!)?.get(view.key);
      if (!was || was.gradeRank === null) continue;
      change[k] = rankProgress(was.gradeRank, figures.gradeRank[i]!);
      if (change[k] === 0) continue;
      before[k] = was;
      moved.push(k);
    }
    moved.sort((a, b) => change[b]! - change[a]! || ids[top.index[a]!]! - ids[top.index[b]!]!);
    for (const k of moved) {
      const i = top.index[k]!;
      const was = before[k]!;
      movers.push({
        studentId: String(ids[i]),
        name: run.names[i]!,
        className: classOf(i).name,
        classId: classOf(i).id,
        schoolName: schoolName(i),
        score: top.scores[k]!,
        rank: figures.gradeRank[i]!,
        previousRank: was.gradeRank!,
        change: change[k]!,
        tChange: was.t === null ? null : figures.t[i]! - was.t,
      });
    }
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
