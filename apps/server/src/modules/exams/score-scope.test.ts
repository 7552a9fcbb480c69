import {
  analysisApi,
  type Endpoint,
  examsApi,
  type ReadScopeView,
  type StoredUser,
  type StudentRow,
  type StudentScore,
} from '@huikao/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/client.ts';
import { type Reader, type ScoreScope, setUpScoreScope } from '../../test/score-scope-fixture.ts';
import { callFile } from '../../test/scores-fixture.ts';

// The scope matrix (issue #21): for every score read and export, every role and leader kind of
// roles-and-permissions.md, exactly which classes and courses come back ("班级/科目", 总分 for the
// total). A reader with nothing to read in a call is refused with 403 and a Chinese message.

const C81 = '八年级(1)班';
const C82 = '八年级(2)班';
const C71 = '七年级(1)班';
const all = (...classNames: string[]) => classNames.flatMap((c) => [`${c}/语文`, `${c}/数学`, `${c}/总分`]);

/** What each reader may read of each exam: the table the matrix checks every call against. */
const READABLE: Record<Reader, { exam8: string[]; exam7: string[] }> = {
  admin: { exam8: all(C81, C82), exam7: all(C71) },
  // 数学 in 八年级(1)(2): not 语文, and not the total (made of the other teachers' courses too).
  mathTeacher: { exam8: [`${C81}/数学`, `${C82}/数学`], exam7: [] },
  // 班主任 of 八年级(2)班: every course and the total of the class.
  classHead: { exam8: all(C82), exam7: [] },
  gradeHead: { exam8: all(C81, C82), exam7: [] },
  // 教研组长 of 语文 in every grade.
  chineseHead: { exam8: [`${C81}/语文`, `${C82}/语文`], exam7: [`${C71}/语文`] },
  principal: { exam8: all(C81, C82), exam7: all(C71) },
  student: { exam8: [], exam7: [] },
  manager: { exam8: [], exam7: [] },
  otherTeacher: { exam8: [], exam7: [] },
};

const SUBJECTS = ['语文', '数学'] as const;

let s: ScoreScope;
beforeAll(async () => {
  s = await setUpScoreScope();
}, 120_000);
afterAll(() => s.t.close());

type ExamName = 'exam8' | 'exam7';
const examOf = (name: ExamName) => s.exams[name];
const seIdOf = (name: ExamName, subject: (typeof SUBJECTS)[number]) =>
  String(examOf(name).subjects[SUBJECTS.indexOf(subject)]!.single.id);
const sortedUnique = (pairs: string[]) => [...new Set(pairs)].sort();

/** A refusal: HTTP 403 with a Chinese message. */
function expectRefusal(http: number, message: string | undefined) {
  expect(http, message).toBe(403);
  expect(message).toMatch(/[\u4e00-\u9fa5]/);
}

/** The 班级 of every data row of a sheet (row 1 is the title naming school, exam and sheet; row 2 the header). */
function classNamesOf(sheet: ExcelJS.Worksheet): string[] {
  const HEADER_ROW = 2;
  const header = (sheet.getRow(HEADER_ROW).values as unknown[]).map((v) => String(v ?? ''));
  const column = header.indexOf('班级');
  expect(column, `${sheet.name} has a 班级 column`).toBeGreaterThan(0);
  const names: string[] = [];
  sheet.eachRow((row, rowNo) => {
    if (rowNo > HEADER_ROW) names.push(row.getCell(column).text);
  });
  return names;
}

/** The workbook of an export, or null when refused. */
async function workbookOf(session: StoredUser, endpoint: Endpoint, params: object) {
  const file = await callFile(s.t.app, endpoint, { schoolId: s.sid, ...params }, session);
  if (file.http !== 200) {
    expectRefusal(file.http, file.json?.message);
    return null;
  }
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.buffer as unknown as ExcelJS.Buffer);
  return workbook;
}

/** Each call's answer as "班级/科目" pairs (none when refused). */
const CALLS: Record<string, (session: StoredUser, exam: ExamName) => Promise<string[]>> = {
  async findStuScoresBySeId(session, exam) {
    const pairs: string[] = [];
    for (const subject of SUBJECTS) {
      const params = { schoolId: s.sid, seId: seIdOf(exam, subject), pageSize: 500 };
      const result = await call<{ list: StudentScore[] }>(s.t.app, examsApi.findStuScoresBySeId, params, { session });
      if (result.http !== 200) expectRefusal(result.http, result.message);
      else pairs.push(...result.data.list.map((r) => `${r.className}/${subject}`));
    }
    return pairs;
  },
  async findAnswerScoresBySeId(session, exam) {
    const pairs: string[] = [];
    for (const subject of SUBJECTS) {
      const params = { schoolId: s.sid, seId: seIdOf(exam, subject) };
      const result = await call<{ students: StudentScore[] }>(s.t.app, examsApi.findAnswerScoresBySeId, params, {
        session,
      });
      if (result.http !== 200) expectRefusal(result.http, result.message);
      else pairs.push(...result.data.students.map((r) => `${r.className}/${subject}`));
    }
    return pairs;
  },
  async findStudentDetailPaper(session, exam) {
    const pairs: string[] = [];
    const sitting = exam === 'exam8' ? [s.classes.c81, s.classes.c82] : [s.classes.c71];
    for (const subject of SUBJECTS) {
      for (const { students } of sitting) {
        const params = { schoolId: s.sid, seId: seIdOf(exam, subject), studentId: String(students[0]!.id) };
        const result = await call<{ student: { className: string } }>(
          s.t.app,
          examsApi.findStudentDetailPaper,
          params,
          { session },
        );
        if (result.http !== 200) expectRefusal(result.http, result.message);
        else pairs.push(`${result.data.student.className}/${subject}`);
      }
    }
    return pairs;
  },
  async exportSingleScoreInfo(session, exam) {
    const pairs: string[] = [];
    for (const subject of SUBJECTS) {
      const workbook = await workbookOf(session, examsApi.exportSingleScoreInfo, { seId: seIdOf(exam, subject) });
      if (workbook) pairs.push(...classNamesOf(workbook.getWorksheet(subject)!).map((c) => `${c}/${subject}`));
    }
    return pairs;
  },
  async exportMultiScoreInfo(session, exam) {
    const meId = String(examOf(exam).multi.id);
    const workbook = await workbookOf(session, examsApi.exportMultiScoreInfo, { meId });
    return workbook ? classNamesOf(workbook.getWorksheet('总分')!).map((c) => `${c}/总分`) : [];
  },
  async exportMultiExcels(session, exam) {
    const meId = String(examOf(exam).multi.id);
    const workbook = await workbookOf(session, examsApi.exportMultiExcels, { meId });
    if (!workbook) return [];
    return workbook.worksheets.flatMap((sheet) => classNamesOf(sheet).map((c) => `${c}/${sheet.name}`));
  },
  /** The reports' student table (analysis module): each row's subjects within the reader's scope. */
  async getMultiExamStudentScorePage(session, exam) {
    const params = { schoolId: s.sid, meId: String(examOf(exam).multi.id), pageSize: 500 };
    const result = await call<{ list: StudentRow[] }>(s.t.app, analysisApi.getMultiExamStudentScorePage, params, {
      session,
    });
    if (result.http !== 200) {
      expectRefusal(result.http, result.message);
      return [];
    }
    return result.data.list.flatMap((row) =>
      Object.keys(row.subjects).map((key) => `${row.className}/${SUBJECT_NAMES[key]}`),
    );
  },
};

/** Subject keys of the reports: the course id, '0' the total. */
const SUBJECT_NAMES: Record<string, string> = { '0': '总分', '1': '语文', '2': '数学' };

/** Which of the readable pairs a call can return: the subjects' pairs, the totals, or both. */
const COVERS: Record<string, (pair: string) => boolean> = {
  findStuScoresBySeId: (pair) => !pair.endsWith('/总分'),
  findAnswerScoresBySeId: (pair) => !pair.endsWith('/总分'),
  findStudentDetailPaper: (pair) => !pair.endsWith('/总分'),
  exportSingleScoreInfo: (pair) => !pair.endsWith('/总分'),
  exportMultiScoreInfo: (pair) => pair.endsWith('/总分'),
  exportMultiExcels: () => true,
  getMultiExamStudentScorePage: () => true,
};

/** The reports are also read by a type 4 manager, over the schools of their relations. */
const READABLE_BY_CALL: Partial<Record<string, Partial<typeof READABLE>>> = {
  getMultiExamStudentScorePage: { manager: { exam8: all(C81, C82), exam7: all(C71) } },
};

const readers = Object.keys(READABLE) as Reader[];

describe.each(Object.keys(CALLS))('%s', (callName) => {
  it.each(readers)('%s gets exactly the classes and courses they may read', async (reader) => {
    for (const exam of ['exam8', 'exam7'] as const) {
      const got = sortedUnique(await CALLS[callName]!(s.readers[reader], exam));
      const readable = READABLE_BY_CALL[callName]?.[reader] ?? READABLE[reader];
      const expected = sortedUnique(readable[exam].filter(COVERS[callName]!));
      expect(got, `${reader} in ${exam}`).toEqual(expected);
    }
  });
});

describe('whole exports', () => {
  it('a reader of a class gets every student of it, and a reader of the whole grade every sheet', async () => {
    const head = await workbookOf(s.readers.classHead, examsApi.exportMultiExcels, {
      meId: String(s.exams.exam8.multi.id),
    });
    expect(head!.worksheets.map((w) => w.name)).toEqual(['总分', '语文', '数学']);
    expect(classNamesOf(head!.getWorksheet('总分')!)).toEqual([C82, C82]);
    const math = await workbookOf(s.readers.mathTeacher, examsApi.exportMultiExcels, {
      meId: String(s.exams.exam8.multi.id),
    });
    // Only the sheet of their course: no totals, no 语文.
    expect(math!.worksheets.map((w) => w.name)).toEqual(['数学']);
    expect(classNamesOf(math!.getWorksheet('数学')!)).toEqual([C81, C81, C82, C82]);
  });
});

describe('getMultiExamByMeId', () => {
  it.each(readers)('%s is told exactly what they may read, so the page offers only that', async (reader) => {
    const classNames = new Map(Object.values(s.classes).map((c) => [String(c.klass.id), c.klass.name]));
    for (const exam of ['exam8', 'exam7'] as const) {
      const expected = sortedUnique(READABLE[reader][exam]);
      const params = { schoolId: s.sid, meId: String(examOf(exam).multi.id) };
      const result = await call<{ readScope: ReadScopeView }>(s.t.app, examsApi.getMultiExamByMeId, params, {
        session: s.readers[reader],
      });
      if (result.http !== 200) {
        expectRefusal(result.http, result.message);
        expect(expected).toEqual([]);
        continue;
      }
      const told = Object.entries(result.data.readScope.subjectsByClass).flatMap(([classId, keys]) =>
        keys.map((key) => `${classNames.get(classId)}/${SUBJECT_NAMES[key]}`),
      );
      expect(sortedUnique(told), `${reader} in ${exam}`).toEqual(expected);
    }
  });
});
