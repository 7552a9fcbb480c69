import { createHash } from 'node:crypto';
import { allowedLetters } from '@huikao/stats';
import type { InputQuestion } from '../scores/score-input.ts';
import { isChoiceQuestion } from '../scores/score-input.ts';

// The layout of a score template, shared by the writer (import-template.ts), the reader
// (import-workbook.ts) and the checks: fixed columns, one column per question (or 总分), and the
// hidden sheet that records which exam and which question structure the template was made for.

export const STUDENT_NO = '学号';
export const NAME = '姓名';
export const CLASS = '班级';
export const ABSENT = '缺考';
export const TOTAL = '总分';
export const FIXED_COLUMNS = [STUDENT_NO, NAME, CLASS, ABSENT] as const;
export const INSTRUCTIONS_SHEET = '填写说明';
/** Very hidden: Excel users cannot unhide it from the menu, so it survives editing. */
export const META_SHEET = 'huikao_meta';
export const META_MARK = 'huikao-score-template-v1';

export interface TemplateSubject {
  seId: number;
  courseName: string;
  fullMark: number;
  questions: readonly InputQuestion[];
}

/** Column titles after the fixed ones: each question's 题号, or 总分 without questions. */
export function scoreColumns(subject: TemplateSubject): string[] {
  return subject.questions.length === 0 ? [TOTAL] : subject.questions.map((q) => q.questionNo);
}

/** What a cell of this question takes, for notes and 填写说明. */
export function cellHint(q: InputQuestion): string {
  if (!isChoiceQuestion(q)) return `主观题，填得分（0–${q.fullMark}）`;
  const letters = allowedLetters(q.objectiveType!, q.optionCount).split('').join('、');
  const kind = q.objectiveType === 2 ? '多选题' : q.objectiveType === 3 ? '判断题' : '单选题';
  return `${kind}，填选项字母（${letters}）${q.objectiveType === 2 ? '，可填多个' : ''}，满分${q.fullMark}`;
}

/** The structure a template was made for: a template of a changed structure is refused. */
export function structureFingerprint(subject: TemplateSubject): string {
  const parts = [
    subject.seId,
    subject.fullMark,
    ...subject.questions.map((q) => [q.id, q.questionNo, q.kind, q.objectiveType, q.optionCount, q.fullMark].join(':')),
  ];
  return createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 16);
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetNameOf = (courseName: string) => courseName.replace(/[:\\/?*[\]]/g, '').slice(0, 31);
