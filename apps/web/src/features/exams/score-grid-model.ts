import type { ExamQuestion, ScoreInput, StudentScore } from '@huikao/contracts';
import { allowedLetters, normaliseChoice, scoreObjective, sumScores } from '@huikao/stats';

// The keyboard-driven score grid (issue #4 item 4), its rules as pure functions: what a column
// takes, whether what is typed may stand, the derived total, where a key moves the focus, and which
// cells changed. The objective rules are packages/stats', the same the server scores with.

export interface GridColumn {
  /** The questionId, or TOTAL_KEY for a subject without a question structure. */
  key: string;
  title: string;
  kind: 'objective' | 'subjective' | 'total';
  objectiveType: number | null;
  optionCount: number | null;
  answer: string | null;
  fullMark: number;
  partialMark: number | null;
}

export const TOTAL_KEY = 'total';

/** One column per question in order; a subject without questions is scored by its total only. */
export function gridColumnsOf(questions: readonly ExamQuestion[], subjectFullMark: number): GridColumn[] {
  if (questions.length === 0) {
    return [
      {
        key: TOTAL_KEY,
        title: '总分',
        kind: 'total',
        objectiveType: null,
        optionCount: null,
        answer: null,
        fullMark: subjectFullMark,
        partialMark: null,
      },
    ];
  }
  return [...questions]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((question) => ({
      key: question.questionId,
      title: question.questionNo,
      kind: question.kind === 1 ? 'objective' : 'subjective',
      objectiveType: question.kind === 1 ? (question.objectiveType ?? 1) : null,
      optionCount: question.optionCount,
      answer: question.answer,
      fullMark: question.fullMark,
      partialMark: question.partialMark,
    }));
}

/** What a cell shows for a stored paper: the chosen letters or the score; '' when not scored. */
export function storedCellText(column: GridColumn, student: StudentScore): string {
  if (column.kind === 'total') return student.totalScore === null ? '' : String(student.totalScore);
  if (column.kind === 'objective') return student.choices[column.key] ?? '';
  const score = student.scores[column.key];
  return score === undefined ? '' : String(score);
}

export type TypingCheck = { ok: true; text: string } | { ok: false; reason: string };

/** How a column is filled in, shown as the cell's hint. */
export function columnHint(column: GridColumn): string {
  if (column.kind !== 'objective') return `0–${column.fullMark} 分`;
  const letters = allowedLetters(column.objectiveType ?? 1, column.optionCount)
    .split('')
    .join('、');
  return column.objectiveType === 2 ? `可多选：${letters}` : `填 ${letters}`;
}

/**
 * Whether the text typed into a cell so far may stand; `text` is what the cell then shows
 * (letters upper-cased, 判断题's 对/错 as T/F). Refused text never reaches the cell.
 */
export function checkTyping(column: GridColumn, raw: string): TypingCheck {
  const text = raw.trim();
  if (text === '') return { ok: true, text: '' };
  if (column.kind === 'objective') {
    const type = column.objectiveType ?? 1;
    const checked = normaliseChoice(type, column.optionCount, text);
    if ('error' in checked) return { ok: false, reason: checked.error };
    // Keep the order typed while editing a multiple choice; it is compared as a set.
    return { ok: true, text: type === 3 ? checked.choice : text.toUpperCase().replace(/[\s,，、]/g, '') };
  }
  if (text.startsWith('-')) return { ok: false, reason: '分数不能为负数' };
  if (!/^\d*\.?\d*$/.test(text)) return { ok: false, reason: '分数只能是数字' };
  if (/\.\d{3,}$/.test(text)) return { ok: false, reason: '分数最多两位小数' };
  const value = Number(text === '.' ? '0' : text);
  if (value > column.fullMark) return { ok: false, reason: `分数不能超过满分 ${column.fullMark}` };
  return { ok: true, text };
}

/** A finished cell's value: a score, a choice in canonical form, or null (cleared). */
export function cellValue(column: GridColumn, text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (column.kind === 'objective') {
    const checked = normaliseChoice(column.objectiveType ?? 1, column.optionCount, trimmed);
    return 'error' in checked ? null : checked.choice;
  }
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

export function cellChanged(column: GridColumn, storedText: string, draftText: string): boolean {
  return cellValue(column, storedText) !== cellValue(column, draftText);
}

/** The score a cell earns: objective ones from the key. */
export function cellScore(column: GridColumn, text: string): number | null {
  const value = cellValue(column, text);
  if (value === null) return null;
  if (column.kind !== 'objective') return value as number;
  return scoreObjective(
    {
      objectiveType: column.objectiveType ?? 1,
      answer: column.answer,
      fullMark: column.fullMark,
      partialMark: column.partialMark,
    },
    value as string,
  );
}

/** The derived total of a row (never typed, except for a total-only subject); null when absent or empty. */
export function rowTotal(
  columns: readonly GridColumn[],
  texts: Record<string, string>,
  absent: boolean,
): number | null {
  if (absent) return null;
  const scores = columns
    .map((column) => cellScore(column, texts[column.key] ?? ''))
    .filter((score): score is number => score !== null);
  // Summed in hundredths as the server does, so 0.1 + 0.2 shows 0.3 and the totals agree.
  return scores.length > 0 ? sumScores(scores) : null;
}

export interface CellPosition {
  row: number;
  col: number;
}

export interface GridSize {
  rows: number;
  cols: number;
}

/**
 * Where a key moves the focus: Enter down (Shift+Enter up), arrows one cell, Tab right and on to the
 * next row (Shift+Tab back). Null: the key is not the grid's, or it would leave the grid.
 */
export function moveFocus(from: CellPosition, key: string, shift: boolean, size: GridSize): CellPosition | null {
  const { rows, cols } = size;
  const at = (row: number, col: number) =>
    row >= 0 && row < rows && col >= 0 && col < cols && (row !== from.row || col !== from.col) ? { row, col } : null;
  switch (key) {
    case 'Enter':
      return at(from.row + (shift ? -1 : 1), from.col);
    case 'ArrowDown':
      return at(from.row + 1, from.col);
    case 'ArrowUp':
      return at(from.row - 1, from.col);
    case 'ArrowRight':
      return at(from.row, from.col + 1);
    case 'ArrowLeft':
      return at(from.row, from.col - 1);
    case 'Tab': {
      const index = from.row * cols + from.col + (shift ? -1 : 1);
      if (index < 0 || index >= rows * cols) return null;
      return { row: Math.floor(index / cols), col: index % cols };
    }
    default:
      return null;
  }
}

export interface RowDraft {
  /** Cell texts by column key, only the cells typed into. */
  cells: Record<string, string>;
  absent?: boolean;
}

/** The save of the grid: one entry per student with a real change, holding only what changed. */
export function changedScores(
  columns: readonly GridColumn[],
  students: readonly StudentScore[],
  drafts: ReadonlyMap<string, RowDraft>,
): ScoreInput[] {
  const inputs: ScoreInput[] = [];
  for (const student of students) {
    const draft = drafts.get(student.studentId);
    if (!draft) continue;
    const input: ScoreInput = { studentId: student.studentId, scores: {}, choices: {} };
    let changed = false;
    if (draft.absent !== undefined && draft.absent !== student.absent) {
      input.absent = draft.absent;
      changed = true;
    }
    for (const column of columns) {
      const text = draft.cells[column.key];
      if (text === undefined || !cellChanged(column, storedCellText(column, student), text)) continue;
      const value = cellValue(column, text);
      changed = true;
      if (column.kind === 'total') input.totalScore = value as number | null;
      else if (column.kind === 'objective') input.choices = { ...input.choices, [column.key]: value as string | null };
      else input.scores = { ...input.scores, [column.key]: value as number | null };
    }
    if (changed) inputs.push(input);
  }
  return inputs;
}
