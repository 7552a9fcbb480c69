import type { ItemRow, ItemsReport, MasteryRow, ScopeRef, SubjectRef } from '@huikao/contracts';
import {
  difficulty,
  ebelBand,
  extremeGroups,
  groupDiscrimination,
  hundredths,
  itemRestCorrelation,
  meanAndSd,
  optionSharesOfCodes,
  paperReliability,
} from '@huikao/stats';
import type { QuestionInfo, SubjectData } from '../load/model.ts';
import { gatheredColumns, populationOf } from './populations.ts';

// 试题分析 of one course over one scope: each question's difficulty, 27 % discrimination (ties by
// student id), item–rest r, Ebel band, zero and full counts, option shares; the paper's α and
// split-half; mastery per question group and per knowledge point.

export interface ItemsResult {
  report: ItemsReport;
  /** Each item's D (null when the scope has fewer than 2 students), for the subjects report. */
  discriminations: (number | null)[];
}

export function itemsDocument(
  course: SubjectData,
  subject: SubjectRef,
  scope: ScopeRef,
  members: Int32Array,
  studentIds: Float64Array,
): ItemsResult {
  const pop = populationOf(course.score, members);
  const paper = meanAndSd(pop.scores);
  const base = {
    subject,
    scope,
    count: pop.scores.length,
    paperDifficulty: paper === null ? null : difficulty(paper.mean, course.fullMark),
  };
  // The item population: present students whose scores have questions (not entered as a total only).
  const index = itemPopulation(pop.index, course.items[0]);
  if (index.length === 0) {
    return {
      report: { ...base, alpha: null, splitHalf: null, items: [], groups: [], knowledge: [] },
      discriminations: [],
    };
  }
  // The scope's columns share one buffer: a class's report has 27 of 50 values each, and a 联考's
  // 18,000 class reports made each its own allocation (and garbage) otherwise.
  const block = gatheredColumns([course.score, studentIds, ...course.items], index);
  const totals = block[0]!;
  const columns = block.slice(2);
  const groups = extremeGroups(totals, block[1]!);
  const discriminations: (number | null)[] = [];
  const variances: number[] = [];
  const items = course.questions.map((q, j): ItemRow => {
    const column = columns[j]!;
    const { mean, sd } = meanAndSd(column)!;
    variances.push(sd * sd);
    const d = groups === null ? null : groupDiscrimination(column, groups, q.fullMark);
    discriminations.push(d);
    let zeroCount = 0;
    let fullCount = 0;
    const full = hundredths(q.fullMark);
    for (let k = 0; k < column.length; k++) {
      const x = hundredths(column[k]!);
      if (x === 0) zeroCount++;
      if (x >= full) fullCount++;
    }
    const choices = course.choices[j];
    return {
      questionId: q.questionId,
      questionNo: q.questionNo,
      groupName: q.groupName,
      kind: q.kind,
      objectiveType: q.objectiveType,
      answer: q.answer,
      fullMark: q.fullMark,
      count: column.length,
      mean,
      difficulty: difficulty(mean, q.fullMark),
      discrimination: d,
      ebel: d === null ? null : ebelBand(d),
      itemRest: itemRestCorrelation(column, totals),
      zeroCount,
      fullCount,
      options: choices ? optionSharesOfCodes(choices, index, q.letters) : null,
      knowledgePoints: q.knowledgePoints,
    };
  });
  return {
    report: {
      ...base,
      ...paperReliability(columns, variances),
      items,
      groups: mastery(course.questions, columns, (q) => (q.groupName === null ? [] : [q.groupName])),
      knowledge: mastery(course.questions, columns, (q) => q.knowledgePoints),
    },
    discriminations,
  };
}

/** Mastery of each named set of questions: the mean of the students' sums over its questions. */
function mastery(
  questions: QuestionInfo[],
  columns: Float64Array[],
  namesOf: (q: QuestionInfo) => string[],
): MasteryRow[] {
  const sets = new Map<string, number[]>();
  questions.forEach((q, j) => {
    for (const name of namesOf(q)) sets.set(name, [...(sets.get(name) ?? []), j]);
  });
  const n = columns[0]?.length ?? 0;
  return [...sets].map(([name, js]) => {
    // Sums in hundredths, exact (0.1 + 0.2 is 0.3 here), then back to points.
    const sums = new Float64Array(n);
    let fullMark = 0;
    for (const j of js) {
      fullMark += hundredths(questions[j]!.fullMark);
      const column = columns[j]!;
      for (let k = 0; k < n; k++) sums[k]! += hundredths(column[k]!);
    }
    for (let k = 0; k < n; k++) sums[k]! /= 100;
    const mean = meanAndSd(sums)?.mean ?? 0;
    return {
      name,
      questionNos: js.map((j) => questions[j]!.questionNo),
      fullMark: fullMark / 100,
      mean,
      scoreRate: fullMark === 0 ? 0 : difficulty(mean, fullMark / 100),
    };
  });
}

/** Members of the subject's population whose question scores were entered (not a total only). */
function itemPopulation(index: Int32Array, first: Float64Array | undefined): Int32Array {
  if (!first) return new Int32Array(0);
  const out = new Int32Array(index.length);
  let n = 0;
  for (let k = 0; k < index.length; k++) if (!Number.isNaN(first[index[k]!]!)) out[n++] = index[k]!;
  return out.subarray(0, n);
}
