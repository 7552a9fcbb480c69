import { allowedLetters } from '@huikao/stats';
import type ExcelJS from 'exceljs';
import { isChoiceQuestion } from '../scores/score-input.ts';
import type { TemplateSubject } from './import-layout.ts';

// The score template's drop-downs and ranges, so a wrong cell is refused as it is typed: 缺考 only
// 是, a single choice (or 判断) one of its letters or -, a multiple choice up to as many letters as
// it has options, a score between 0 and the question's (or, with no questions, the subject's)
// full mark. The import checks every cell again; this only catches mistakes early.

/** Rows below the header that get the checks: the students listed and room for more. */
const EXTRA_ROWS = 500;

type Validations = { add(range: string, validation: ExcelJS.DataValidation): void };

export function addScoreValidations(sheet: ExcelJS.Worksheet, subject: TemplateSubject, studentRows: number) {
  // ExcelJS has range validations at run time but not in its type definitions.
  const validations = (sheet as unknown as { dataValidations: Validations }).dataValidations;
  const lastRow = 1 + studentRows + EXTRA_ROWS;
  const rangeOf = (column: number) => {
    const letter = sheet.getColumn(column).letter;
    return `${letter}2:${letter}${lastRow}`;
  };
  const refused = (error: string) => ({ allowBlank: true, showErrorMessage: true, errorTitle: '填写有误', error });

  validations.add(rangeOf(4), { type: 'list', formulae: ['"是"'], ...refused('缺考的学生填“是”，其余留空') });
  const scoreRange = (column: number, fullMark: number, label: string) =>
    validations.add(rangeOf(column), {
      type: 'decimal',
      operator: 'between',
      formulae: [0, fullMark],
      ...refused(`${label}填 0 到 ${fullMark} 之间的分数`),
    });
  if (subject.questions.length === 0) {
    scoreRange(5, subject.fullMark, '总分');
    return;
  }
  subject.questions.forEach((q, i) => {
    const column = 5 + i;
    if (!isChoiceQuestion(q)) {
      scoreRange(column, q.fullMark, `第${q.questionNo}题`);
      return;
    }
    const letters = allowedLetters(q.objectiveType!, q.optionCount);
    if (q.objectiveType === 2) {
      validations.add(rangeOf(column), {
        type: 'textLength',
        operator: 'between',
        formulae: [1, letters.length],
        ...refused(`第${q.questionNo}题填选项字母（${letters.split('').join('、')}），可填多个；未作答填 -`),
      });
      return;
    }
    validations.add(rangeOf(column), {
      type: 'list',
      formulae: [`"${[...letters.split(''), '-'].join(',')}"`],
      ...refused(`第${q.questionNo}题只能填 ${letters.split('').join('、')}，未作答填 -`),
    });
  });
}
