import { analysisApi, EXPORT_KINDS, examsApi, IMPORT_KINDS, schoolBaseApi } from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReportCalls, setUpReportCalls } from '../test/analysis-calls-fixture.ts';
import { download } from '../test/client.ts';
import { callFile } from '../test/scores-fixture.ts';
import { expectPrintReady } from '../test/workbook-print-checks.ts';

// Every workbook the server exports, downloaded through its call and read back with ExcelJS: each
// data sheet prints (A4, fitted to the width, the header repeated, borders, widths, no float noise),
// exports open with a title row naming the school (and the exam), templates keep their header on
// row 1 with the title in the page header.

let s: ReportCalls;
let schoolName: string;
beforeAll(async () => {
  s = await setUpReportCalls();
  schoolName = s.school.name;
}, 120_000);
afterAll(async () => s?.t.close());

async function sheetsOf(buffer: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  // Data sheets: the instructions and hidden lists lay out differently.
  return workbook.worksheets.filter((sheet) => sheet.state === 'visible' && sheet.name !== '填写说明');
}

type Case = { name: string; file: () => Promise<{ http: number; buffer: Buffer }>; template: boolean; exam: boolean };

const cases: Case[] = [
  ...EXPORT_KINDS.map((kind) => ({
    name: `school-base export ${kind}`,
    file: () => download(s.t.app, schoolBaseApi.exportList, { schoolId: s.sid, kind }, { session: s.people.admin }),
    template: false,
    exam: false,
  })),
  ...IMPORT_KINDS.map((kind) => ({
    name: `school-base template ${kind}`,
    file: () => download(s.t.app, schoolBaseApi.importTemplate, { schoolId: s.sid, kind }, { session: s.people.admin }),
    template: true,
    exam: false,
  })),
  {
    name: 'exams score template',
    file: () => callFile(s.t.app, examsApi.exportScoreTemplate, { schoolId: s.sid, meId: s.meId }, s.people.admin),
    template: true,
    exam: true,
  },
  {
    name: 'exams single score book',
    file: () =>
      callFile(
        s.t.app,
        examsApi.exportSingleScoreInfo,
        { schoolId: s.sid, seId: String(s.mathSubject.single.id) },
        s.people.admin,
      ),
    template: false,
    exam: true,
  },
  {
    name: 'exams totals',
    file: () => callFile(s.t.app, examsApi.exportMultiScoreInfo, { schoolId: s.sid, meId: s.meId }, s.people.admin),
    template: false,
    exam: true,
  },
  {
    name: 'exams score books',
    file: () => callFile(s.t.app, examsApi.exportMultiExcels, { schoolId: s.sid, meId: s.meId }, s.people.admin),
    template: false,
    exam: true,
  },
  {
    name: 'analysis report workbook',
    file: () => callFile(s.t.app, analysisApi.exportReportWorkbook, { schoolId: s.sid, meId: s.meId }, s.people.admin),
    template: false,
    exam: true,
  },
];

describe('every exported workbook prints', () => {
  it.each(cases)('$name', async ({ file, template, exam }) => {
    const result = await file();
    expect(result.http).toBe(200);
    const sheets = await sheetsOf(result.buffer);
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) {
      expectPrintReady(sheet, {
        headerRowNo: template ? 1 : 2,
        titleHolds: [schoolName, ...(exam ? [s.exam.multi.name] : [])],
      });
    }
  });
});
