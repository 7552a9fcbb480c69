import ExcelJS from 'exceljs';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { FileResult, XLSX_CONTENT_TYPE } from '../../../platform/files.ts';
import { addPrintedSheet, setUpPage } from '../../../platform/workbook-print.ts';
import { type CallParams, ownMultiExam, subjectOfMulti } from '../access.ts';
import { schoolNameOf } from '../lookup-repo.ts';
import { isChoiceQuestion } from '../scores/score-input.ts';
import { questionsOf } from '../scores/score-write-repo.ts';
import { type ExamStudentScore, examStudentScores, singleExamsOfMulti } from '../scores/scores-repo.ts';
import {
  ABSENT,
  CLASS,
  cellHint,
  FIXED_COLUMNS,
  INSTRUCTIONS_SHEET,
  META_MARK,
  META_SHEET,
  NAME,
  STUDENT_NO,
  scoreColumns,
  sheetNameOf,
  structureFingerprint,
  type TemplateSubject,
} from './import-layout.ts';
import { addScoreValidations } from './template-validations.ts';

// exportScoreTemplate: the .xlsx a school fills with scores. One sheet per single exam (named by
// its course), pre-filled with the exam students sorted by class and 学号 and with the scores
// already stored (so editing three cells and importing changes exactly three scores), a 填写说明
// sheet, and a very hidden sheet naming the exam and its question structure.

export async function exportScoreTemplate(db: Db, actor: Actor, p: CallParams<'exportScoreTemplate'>) {
  const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
  const seId = await subjectOfMulti(db, multi, p.seId);
  const singles = (await singleExamsOfMulti(db, multi.id)).filter((s) => seId === null || s.id === seId);
  if (singles.length === 0) throw badInput(seId === null ? '该考试还没有科目' : '科目考试不属于该考试');
  const subjects = [];
  for (const single of singles) {
    const subject: TemplateSubject = {
      seId: single.id,
      courseName: single.courseName,
      fullMark: single.fullMark,
      questions: await questionsOf(db, single.id),
    };
    subjects.push({ subject, rows: await examStudentScores(db, single.id) });
  }
  const schoolName = await schoolNameOf(db, multi.schoolId);
  const buffer = await buildTemplate({ meId: multi.id, name: multi.name, schoolName }, subjects);
  const suffix = singles.length === 1 ? `-${singles[0]!.courseName}` : '';
  return new FileResult(`${multi.name}${suffix}-成绩导入模板.xlsx`, XLSX_CONTENT_TYPE, buffer);
}

export async function buildTemplate(
  exam: { meId: number; name: string; schoolName?: string },
  subjects: { subject: TemplateSubject; rows: readonly ExamStudentScore[] }[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const { subject, rows } of subjects) {
    addScoreSheet(workbook, { name: exam.name, schoolName: exam.schoolName ?? '' }, subject, rows);
  }
  addInstructions(
    workbook,
    subjects.map((s) => s.subject),
  );
  const meta = workbook.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.addRow([META_MARK, String(exam.meId), exam.name]);
  for (const { subject } of subjects) {
    meta.addRow([sheetNameOf(subject.courseName), String(subject.seId), structureFingerprint(subject)]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function addScoreSheet(
  workbook: ExcelJS.Workbook,
  exam: { name: string; schoolName: string },
  subject: TemplateSubject,
  rows: readonly ExamStudentScore[],
) {
  const scoreTitles = scoreColumns(subject);
  const cells = rows.map((row) => {
    const score = row.absent ? null : row.score;
    const scores =
      subject.questions.length === 0
        ? [score?.totalScore ?? null]
        : subject.questions.map((q) =>
            isChoiceQuestion(q) ? choiceCell(score?.choices[String(q.id)]) : (score?.scores[String(q.id)] ?? null),
          );
    return [row.studentNo, row.name, row.className, row.absent ? '是' : null, ...scores];
  });
  // The header stays on row 1 (the reader expects it there); the title goes to the page header.
  const sheet = addPrintedSheet(workbook, sheetNameOf(subject.courseName), {
    title: [exam.schoolName, exam.name, subject.courseName],
    titleRow: false,
    columns: [
      { header: FIXED_COLUMNS[0], numFmt: '@', minWidth: 12 },
      { header: FIXED_COLUMNS[1], minWidth: 8 },
      { header: FIXED_COLUMNS[2], minWidth: 12 },
      { header: FIXED_COLUMNS[3], minWidth: 6 },
      ...scoreTitles.map((title) => ({ header: title, minWidth: 6 })),
    ],
    rows: cells,
    frozenColumns: 3,
  });
  const header = sheet.getRow(1);
  header.getCell(4).note = '缺考的学生填“是”，其余留空';
  subject.questions.forEach((q, i) => {
    header.getCell(5 + i).note = cellHint(q);
  });
  if (subject.questions.length === 0) header.getCell(5).note = `填总分（0–${subject.fullMark}）`;
  addScoreValidations(sheet, subject, rows.length);
}

function addInstructions(workbook: ExcelJS.Workbook, subjects: TemplateSubject[]) {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  setUpPage(sheet, { pageHeader: '成绩导入模板填写说明' });
  sheet.columns = [{ width: 14 }, { width: 12 }, { width: 60 }];
  const lines = [
    '成绩导入模板填写说明',
    `1. 每个科目一张工作表，不要修改工作表名称和第一行标题；${STUDENT_NO}必须是本校学生的学号，${NAME}须与学号一致，${CLASS}仅供核对。`,
    `2. ${ABSENT}：缺考的学生填“是”，该学生的分数留空；未缺考留空。`,
    '3. 客观题填学生所选的选项字母（多选题可填多个，如 AC；学生未作答填“-”，记0分），得分按答案自动计算；主观题填得分。',
    '4. 分数不能为负数、不能超过该题满分，最多两位小数；留空表示未录入。',
    '5. 未设置题目的科目只有“总分”一列。重新导入会用表中的内容替换已有成绩，每处修改都会记录。',
    '6. 本模板只能导入到生成它的考试；题目结构修改后请重新下载模板。',
  ];
  for (const line of lines) sheet.addRow([line]);
  sheet.getRow(1).font = { bold: true, size: 14 };
  sheet.addRow([]);
  const header = sheet.addRow(['科目', '题号', '填写内容']);
  header.font = { bold: true };
  for (const subject of subjects) {
    if (subject.questions.length === 0) sheet.addRow([subject.courseName, '总分', `填总分（0–${subject.fullMark}）`]);
    for (const q of subject.questions) sheet.addRow([subject.courseName, q.questionNo, cellHint(q)]);
  }
}

/** A choice as the template shows it: '' (left blank) is written as a dash, so a re-import keeps it. */
const choiceCell = (choice: string | undefined) => (choice === undefined ? null : choice === '' ? '-' : choice);
