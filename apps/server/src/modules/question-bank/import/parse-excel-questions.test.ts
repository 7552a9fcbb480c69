import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { filledQuestionTemplate as filledTemplate } from '../../../test/question-bank-sheets.ts';
import { buildQuestionTemplate, QUESTION_SHEET, readQuestionWorkbook } from './parse-excel-questions.ts';

// The template round trip: download, fill as a teacher would, read back with per-row problems.

describe('the Excel question template', () => {
  it('prints, and offers the course’s types, the difficulties and number ranges as drop-downs', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildQuestionTemplate(['单选题', '填空题'])) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(QUESTION_SHEET)!;
    expect(sheet.pageSetup).toMatchObject({ paperSize: 9, fitToWidth: 1, printTitlesRow: '1:1' });
    const ruleOf = (address: string) =>
      (
        sheet as unknown as { dataValidations: { find(a: string): ExcelJS.DataValidation | undefined } }
      ).dataValidations.find(address);
    expect(ruleOf('A2')).toMatchObject({ type: 'list', formulae: ['"单选题,填空题"'] });
    expect(String(ruleOf('B5')?.formulae[0])).toContain('中等');
    expect(ruleOf('N2')).toMatchObject({ type: 'whole', formulae: [1900, 2100] });
    expect(ruleOf('P2')).toMatchObject({ type: 'decimal', operator: 'between' });
  });

  it('has the columns teachers fill, required ones starred, and a guide naming the course’s types', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buildQuestionTemplate(['单选题', '填空题'])) as unknown as ArrayBuffer);
    const header = workbook.getWorksheet(QUESTION_SHEET)!.getRow(1).values as string[];
    expect(header.slice(1)).toEqual([
      '题型*',
      '难度*',
      '题干*',
      '选项A',
      '选项B',
      '选项C',
      '选项D',
      '选项E',
      '选项F',
      '答案*',
      '解析',
      '知识点',
      '章节',
      '年份',
      '年级',
      '分值',
    ]);
    const guide = workbook.getWorksheet('填写说明')!;
    const texts: string[] = [];
    guide.eachRow((row) => texts.push(String(row.getCell(1).value)));
    expect(texts).toContain('本学科的题型：单选题、填空题');
  });

  it('reads the filled rows back, skipping the untouched example, with each row’s problems', async () => {
    const file = await filledTemplate([
      {
        题型: '单选题',
        难度: 2,
        题干: '$1+1$ 等于',
        选项A: '1',
        选项B: '2',
        选项C: '3',
        答案: 'ｂ',
        解析: '基本运算',
        知识点: '有理数的加法、有理数',
        章节: '第一章 有理数',
        年份: 2023,
        年级: '七年级',
        分值: 3,
      },
      { 题型: '多选题', 难度: '较难', 题干: '下列是质数的有', 选项A: '2', 选项B: '4', 选项C: '5', 答案: 'A、C' },
      { 题型: '判断题', 难度: '容易', 题干: '0 是自然数', 答案: '正确', 年级: 7 },
      {}, // a blank row is skipped
      { 题型: '单选题', 难度: '很难', 题干: '', 选项A: '甲', 选项C: '丙', 答案: 'E', 年份: '23年', 年级: '大一' },
      { 题型: '单选题', 难度: 3, 题干: '只有一个选项', 选项A: '甲', 答案: 'A', 分值: -1 },
      { 题型: '解答题', 难度: 4, 题干: '证明勾股定理' },
    ]);
    const rows = await readQuestionWorkbook(file);
    expect(rows.map((r) => r.rowNo)).toEqual([3, 4, 5, 7, 8, 9]);

    expect(rows[0]).toEqual({
      rowNo: 3,
      typeName: '单选题',
      difficulty: 2,
      stem: '$1+1$ 等于',
      options: ['1', '2', '3'],
      answer: 'B',
      explanation: '基本运算',
      knowledgeNames: ['有理数的加法', '有理数'],
      chapterNames: ['第一章 有理数'],
      year: 2023,
      gradeId: 7,
      score: 3,
      errors: [],
    });
    expect(rows[1]).toMatchObject({ typeName: '多选题', difficulty: 4, answer: 'AC', errors: [] });
    expect(rows[2]).toMatchObject({
      typeName: '判断题',
      difficulty: 1,
      options: [],
      answer: 'T',
      gradeId: 7,
      errors: [],
    });
    expect(rows[3]!.errors).toEqual([
      '难度“很难”不正确，应为 1 到 5 或 容易、较易、中等、较难、困难',
      '题干不能为空',
      '填写了选项C，但选项B是空的',
      '答案“E”没有对应的选项',
      '年份“23年”应为四位数字',
      '年级“大一”无法识别，请填写如 七年级、高一',
    ]);
    expect(rows[4]!.errors).toEqual(['选择题至少要有两个选项', '分值“-1”应为 0 到 200 的数字']);
    expect(rows[5]!.errors).toEqual(['答案不能为空']);
  });

  it('refuses a sheet without the template’s header, and a file that is not a workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Sheet1').addRow(['题目', '答案']);
    const other = Buffer.from(await workbook.xlsx.writeBuffer());
    await expect(readQuestionWorkbook(other)).rejects.toThrow('表头缺少“题型”“难度”“题干”列，请使用下载的模板填写');
    await expect(readQuestionWorkbook(Buffer.from('plain text'))).rejects.toThrow('文件无法读取');
  });
});
