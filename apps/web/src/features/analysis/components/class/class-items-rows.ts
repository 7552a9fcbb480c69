import type { ItemRow, ItemsReport, MasteryRow } from '@huikao/contracts';
import { formatPercent } from '../../format.ts';

// Rows of question-analysis and class-single-paper-analysis: each question, question group and
// knowledge point of a course for the class beside the grade (findItemsReport's `unit` and `grade`).

export interface ItemCompareRow {
  questionId: string;
  questionNo: string;
  groupName: string | null;
  /** 客观题 / 主观题. */
  kindName: string;
  answer: string | null;
  fullMark: number;
  classMean: number | null;
  /** 难度(得分率) of the class and of the grade. */
  classRate: number | null;
  gradeMean: number | null;
  gradeRate: number | null;
  /** Class 得分率 − grade 得分率 (fraction points). */
  rateGap: number | null;
  classDiscrimination: number | null;
  gradeDiscrimination: number | null;
  /** 校正题总相关 (item–rest r: the item with the total minus the item) of the class and of the grade. */
  classItemRest: number | null;
  gradeItemRest: number | null;
  ebel: ItemRow['ebel'];
  /** The class's option shares of an objective question, e.g. "A 10.00% · B 80.00%✓"; null otherwise. */
  options: string | null;
  knowledgePoints: string[];
}

const KIND_NAMES: Record<number, string> = { 1: '客观题', 2: '主观题' };

/** "A 10.00% · B 80.00%✓ · 未作答 2.50%": each option's share, the key's letters ticked. */
export function optionSummary(item: Pick<ItemRow, 'options' | 'answer'>): string | null {
  if (!item.options || item.options.length === 0) return null;
  const key = new Set((item.answer ?? '').split(''));
  return item.options
    .map((option) => `${option.option} ${formatPercent(option.share)}${key.has(option.option) ? '✓' : ''}`)
    .join(' · ');
}

function gap(a: number | null | undefined, b: number | null | undefined): number | null {
  return typeof a === 'number' && typeof b === 'number' ? a - b : null;
}

/**
 * Every question of the paper in the grade report's order, with the class's figures when the class
 * report has the question. Options are the class's when there is a class report, else the grade's.
 */
export function itemsAgainstGrade(grade: ItemsReport, unit: ItemsReport | null): ItemCompareRow[] {
  const own = new Map((unit?.items ?? []).map((row) => [row.questionId, row]));
  return grade.items.map((gradeItem) => {
    const classItem = own.get(gradeItem.questionId);
    const shown = unit ? classItem : gradeItem;
    return {
      questionId: gradeItem.questionId,
      questionNo: gradeItem.questionNo,
      groupName: gradeItem.groupName,
      kindName: KIND_NAMES[gradeItem.kind] ?? '—',
      answer: gradeItem.answer,
      fullMark: gradeItem.fullMark,
      classMean: classItem?.mean ?? null,
      classRate: classItem?.difficulty ?? null,
      gradeMean: gradeItem.mean,
      gradeRate: gradeItem.difficulty,
      rateGap: gap(classItem?.difficulty, gradeItem.difficulty),
      classDiscrimination: classItem?.discrimination ?? null,
      gradeDiscrimination: gradeItem.discrimination,
      classItemRest: classItem?.itemRest ?? null,
      gradeItemRest: gradeItem.itemRest,
      ebel: gradeItem.ebel,
      options: shown ? optionSummary(shown) : null,
      knowledgePoints: gradeItem.knowledgePoints,
    };
  });
}

/** A question group or knowledge point: the class's mastery beside the grade's. */
export interface MasteryCompareRow {
  name: string;
  questionNos: string[];
  fullMark: number;
  classMean: number | null;
  classRate: number | null;
  gradeMean: number | null;
  gradeRate: number | null;
  rateGap: number | null;
}

/** Groups or knowledge points by name: the grade's list first, then any only the class has. */
export function masteryAgainstGrade(
  grade: readonly MasteryRow[],
  unit: readonly MasteryRow[] | null,
): MasteryCompareRow[] {
  const own = new Map((unit ?? []).map((row) => [row.name, row]));
  const rows: MasteryCompareRow[] = grade.map((row) => {
    const classRow = own.get(row.name);
    return {
      name: row.name,
      questionNos: row.questionNos,
      fullMark: row.fullMark,
      classMean: classRow?.mean ?? null,
      classRate: classRow?.scoreRate ?? null,
      gradeMean: row.mean,
      gradeRate: row.scoreRate,
      rateGap: gap(classRow?.scoreRate, row.scoreRate),
    };
  });
  const named = new Set(grade.map((row) => row.name));
  for (const row of unit ?? []) {
    if (named.has(row.name)) continue;
    rows.push({
      name: row.name,
      questionNos: row.questionNos,
      fullMark: row.fullMark,
      classMean: row.mean,
      classRate: row.scoreRate,
      gradeMean: null,
      gradeRate: null,
      rateGap: null,
    });
  }
  return rows;
}
