import { type Endpoint, examsApi, type StoredUser } from '@huikao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, multiExams, scoreRecords, singleExams, studentScores } from '../../db/schema.ts';
import { call, upload } from '../../test/client.ts';
import { type ScoresSetup, setUpScores } from '../../test/scores-fixture.ts';

// Another school's id in a filter or a narrowing parameter (issue #21 item 9) is refused with 403,
// written to the audit log, and changes nothing; before, it matched nothing and the call answered
// an empty list, the whole exam's file, or an import that skipped every row.

let s: ScoresSetup;
beforeAll(async () => {
  s = await setUpScores();
});
afterAll(() => s.t.close());

const otherClassId = () => String(s.other.class.id);
const otherSeId = () => String(s.otherExam.subjects[0]!.single.id);

async function refusals(session: StoredUser): Promise<number> {
  const [row] = await s.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'permission.refused'), eq(auditLog.actorLoginName, session.loginName)));
  return Number(row?.n ?? 0);
}

/** Every row a refused call could have changed. */
async function snapshot() {
  return {
    scores: await s.db.select().from(studentScores).orderBy(studentScores.id),
    records: await s.db.select().from(scoreRecords).orderBy(scoreRecords.id),
    exams: await s.db.select().from(multiExams).orderBy(multiExams.id),
    singles: await s.db.select().from(singleExams).orderBy(singleExams.id),
  };
}

/** 403 with a Chinese message, one more refusal audited, nothing changed. */
async function expectRefused(endpoint: Endpoint, params: Record<string, unknown>, session = s.sessions.admin) {
  // A file call answers a refusal with the JSON envelope like any other.
  await expectRefusedBy(endpoint.path, session, () =>
    call(s.t.app, endpoint, { schoolId: s.sid, ...params }, { session }),
  );
}

async function expectRefusedBy(
  label: string,
  session: StoredUser,
  request: () => Promise<{ http: number; message: string }>,
) {
  const before = { audited: await refusals(session), rows: await snapshot() };
  const answer = await request();
  expect(answer.http, `${label}: ${answer.message}`).toBe(403);
  expect(answer.message).toMatch(/[\u4e00-\u9fa5]/);
  expect(await refusals(session)).toBe(before.audited + 1);
  expect(await snapshot()).toEqual(before.rows);
}

describe("another school's classId", () => {
  it('is refused by the score reads, the exports and the exam students list', async () => {
    await expectRefused(examsApi.findStuScoresBySeId, { seId: s.mathId, classId: otherClassId() });
    await expectRefused(examsApi.findAnswerScoresBySeId, { seId: s.mathId, classId: otherClassId() });
    await expectRefused(examsApi.exportSingleScoreInfo, { seId: s.mathId, classId: otherClassId() });
    await expectRefused(examsApi.exportMultiScoreInfo, { meId: s.meId, classId: otherClassId() });
    await expectRefused(examsApi.findExamStudentsBySeId, { seId: s.mathId, classId: otherClassId() });
    // The same for a teacher, before any question of scope.
    await expectRefused(examsApi.findStuScoresBySeId, { seId: s.mathId, classId: otherClassId() }, s.sessions.teacherA);
  });
});

describe("another school's seId or studentId", () => {
  it('is refused by the score records list (findByTeacherId)', async () => {
    await expectRefused(examsApi.findScoreRecords, { seId: otherSeId() });
    await expectRefused(examsApi.findScoreRecords, { studentId: String(s.otherStudent.id) });
    await expectRefused(examsApi.findScoreRecords, { seId: otherSeId() }, s.sessions.teacherA);
  });

  it('is refused by the score import, its template and finalising one subject', async () => {
    await expectRefused(examsApi.importSingleStudentsAndScores, {
      meId: s.meId,
      seId: otherSeId(),
      rows: [{ sheet: '数学', rowNo: 2, values: { 学号: s.students[0]!.studentNo, 总分: '1' } }],
    });
    await expectRefused(examsApi.exportScoreTemplate, { meId: s.meId, seId: otherSeId() });
    await expectRefused(examsApi.summaryQiqExamToScExam, { meId: s.meId, seId: otherSeId() });
    // The import preview refuses before reading the file.
    await expectRefusedBy('uploadFileParse', s.sessions.admin, () =>
      upload(
        s.t.app,
        examsApi.uploadFileParse,
        { schoolId: s.sid, meId: s.meId, seId: otherSeId() },
        { fileName: '成绩.xlsx', buffer: Buffer.from('not read') },
        { session: s.sessions.admin },
      ),
    );
  });
});
