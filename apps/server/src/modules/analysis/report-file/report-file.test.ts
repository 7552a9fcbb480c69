import { analysisApi as api } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../platform/auth-context.ts';
import { type ReportCalls, setUpReportCalls } from '../../../test/analysis-calls-fixture.ts';
import { callFile } from '../../../test/scores-fixture.ts';
import { examOf } from '../read/context.ts';
import { createStoredReports } from '../read/stored.ts';
import { loadReportData } from './report-data.ts';
import { summarySections } from './summary.ts';

// grade-report-file: the .xlsx opens with every table as a sheet and display-rounded figures; the
// .docx holds the Chinese narrative and the charts as PNG images.

let s: ReportCalls;
beforeAll(async () => {
  s = await setUpReportCalls();
}, 120_000);
afterAll(async () => s?.t.close());

const download = (endpoint: typeof api.exportReportWorkbook) =>
  callFile(s.t.app, endpoint, { schoolId: s.sid, meId: s.meId }, s.people.admin);

describe('exportReportWorkbook', () => {
  it('is a workbook with a sheet per table, Chinese headers, rounded figures and percentages', async () => {
    const file = await download(api.exportReportWorkbook);
    expect(file.http).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain(encodeURIComponent('分析报告.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.buffer as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      '年级概况',
      '分数段',
      '班级对比',
      '学科分析',
      '上线分析',
      '临界生',
      '试题分析-语文',
      '试题分析-数学',
      '成绩单',
    ]);
    const overview = workbook.getWorksheet('年级概况')!;
    // Row 1 is the title naming the school, the exam and the table; the header below it.
    expect(overview.getCell('A1').text).toBe('第一中学 · 八年级第一次月考 · 年级概况');
    const header = overview.getRow(2).values as unknown[];
    expect(header.slice(1, 6)).toEqual(['科目', '满分', '缺考人数', '参考人数', '平均分']);
    const total = overview.getRow(3);
    expect(total.getCell(1).value).toBe('总分');
    expect(total.getCell(5).value).toBe(118.33);
    // 得分率 710/6/200 = 0.591666… shown as 59.17%.
    expect(total.getCell(9).value).toBe(0.5917);
    expect(total.getCell(9).numFmt).toBe('0.00%');
    const math = overview.getRow(5);
    expect([math.getCell(1).value, math.getCell(3).value, math.getCell(4).value, math.getCell(5).value]).toEqual([
      '数学',
      1,
      5,
      70,
    ]);
    const card = workbook.getWorksheet('成绩单')!;
    expect(card.getRow(2).values).toEqual([
      undefined,
      '学号',
      '姓名',
      '班级',
      '语文',
      '数学',
      '总分',
      '班级名次',
      '年级名次',
      '名次进退',
    ]);
    expect(card.getRow(3).getCell(2).value).toBe('学生1-1');
    expect(card.getRow(3).getCell(6).value).toBe(190);
    const absent = [...Array(card.rowCount - 2).keys()]
      .map((i) => card.getRow(i + 3))
      .find((r) => r.getCell(2).value === '学生2-2')!;
    expect(absent.getCell(5).value).toBe('缺考');
    expect(workbook.getWorksheet('试题分析-数学')!.rowCount).toBe(5);
  });
});

describe('exportReportSummary', () => {
  it('is a Word document with the narrative and the charts as PNG', async () => {
    const file = await download(api.exportReportSummary);
    expect(file.http).toBe(200);
    const zip = await JSZip.loadAsync(file.buffer);
    const media = Object.keys(zip.files).filter((name) => /^word\/media\/.+\.png$/.test(name));
    expect(media.length).toBeGreaterThanOrEqual(3);
    const png = await zip.file(media[0]!)!.async('nodebuffer');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('本次考试共有6人参加，缺考0人。总分满分200分，平均分118.33分');
    expect(xml).toContain('八年级(1)班');
  });

  it('tells the strongest and weakest classes and subjects, the lines and the students to watch', async () => {
    const context = await examOf(s.db, adminActor(), s.sid, s.meId);
    const data = await loadReportData(s.db, createStoredReports(s.db, s.analysis.runs), context);
    const text = summarySections(data)
      .map((x) => `${x.heading}\n${x.paragraphs.join('\n')}`)
      .join('\n');
    expect(text).toContain('优秀率16.67%');
    expect(text).toContain('总分平均分最高的是八年级(1)班（平均分160分，超均率35.21%');
    expect(text).toContain('最低的是八年级(2)班（平均分76.67分');
    expect(text).toContain('各学科中得分率最高的是数学（70%），最低的是语文（60%）');
    expect(text).toContain('本次考试没有可比较的上次考试');
    expect(text).toMatch(/重点线（\d+分）上线\d+人/);
    expect(text).toMatch(/临界生：线上\d+人，线下\d+人/);
  });

  it('is refused before the report is computed, with the reason', async () => {
    await s.setExam({ status: 2 });
    try {
      const file = await download(api.exportReportSummary);
      expect(file.json).toMatchObject({ status: 422, message: '该考试尚未完成成绩汇总，暂无分析报告' });
    } finally {
      await s.setExam({ status: 4 });
    }
  });
});

/** The narrative is read without HTTP; examOf only checks the actor's school. */
function adminActor(): Actor {
  return {
    userId: 0,
    loginName: 'test',
    name: 'test',
    type: 5 as const,
    schoolId: s.school.id,
    userCode: '',
    sessionId: 0,
    token: '',
    schoolIds: [s.school.id],
  };
}
