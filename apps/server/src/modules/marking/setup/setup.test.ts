import { markingApi as api, type LeasedPaper, type MarkBlock, markingSetupApi } from '@huikao/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  examQuestions,
  examStudents,
  markPapers,
  multiExams,
  recognizeExceptions,
  scanBatches,
  scanFiles,
  scanPages,
  scoreRecords,
  singleExams,
  studentScores,
} from '../../../db/schema.ts';
import { newKey } from '../../../platform/storage.ts';
import { login } from '../../../test/client.ts';
import { makeTeacher } from '../../../test/factories.ts';
import { addExamStudents, setUpMarking } from '../../../test/marking-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';

// 阅卷设置 end to end (issue #17): papers from scanning's stored crops (缺考 left out, re-runs add
// only new sheets), 结束 refused while papers lack finals or scan exceptions are open, 合成成绩
// through the exams' score path, the set-up audited, and two administrators saving at once.

let s: Awaited<ReturnType<typeof setUpMarking>>;
let esIds: number[];
let block: MarkBlock;
let batchId: number;
let secondQuestion: typeof examQuestions.$inferSelect | undefined;

const sourceKeys = new Map<number, string>();

async function addSheet(esId: number) {
  sourceKeys.set(esId, newKey('scans', `${esId}.jpg`));
  const [file] = await s.db
    .insert(scanFiles)
    .values({
      schoolId: s.school.id,
      singleExamId: s.math.id,
      batchId,
      fileName: `${esId}.jpg`,
      size: 1,
      sha256: `sha-${esId}`,
      status: 'stored',
      pageCount: 1,
    })
    .returning();
  await s.db.insert(scanPages).values({
    schoolId: s.school.id,
    singleExamId: s.math.id,
    batchId,
    fileId: file!.id,
    pageIndex: 0,
    sourceKey: sourceKeys.get(esId)!,
    sourceFormat: 'jpeg',
    checksum: `sha-${esId}`,
    status: 'done',
    outcome: 'read',
    examStudentId: esId,
    result: {
      questions: [],
      examNoDigits: null,
      barcode: null,
      absentShare: null,
      skewDegrees: 0,
      measuredDpi: 200,
      crops: [
        { boxId: 'a', label: '第4题', questionNumbers: ['4'], key: `crops/${esId}-4.jpg` },
        { boxId: 'b', label: '第5题', questionNumbers: ['5'], key: `crops/${esId}-5.jpg` },
      ],
    },
  });
}

beforeAll(async () => {
  s = await setUpMarking();
  [secondQuestion] = await s.db
    .insert(examQuestions)
    .values({ schoolId: s.school.id, singleExamId: s.math.id, kind: 2, fullMark: 10, questionNo: '5', sortOrder: 5 })
    .returning();
  await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, 3);
  const sitting = await s.db.select().from(examStudents).where(eq(examStudents.singleExamId, s.math.id));
  esIds = sitting.map((r) => r.id).sort((a, b) => a - b);
  const [batch] = await s.db
    .insert(scanBatches)
    .values({ schoolId: s.school.id, singleExamId: s.math.id, createdBy: s.adminTeacher.user.id })
    .returning();
  batchId = batch!.id;
}, 180_000);
afterAll(() => s.t.close());

describe('papers from scans', () => {
  it('start puts one paper per recognised sheet on the 题块, none for 缺考; sync adds only new ones', async () => {
    [block] = expectOk(
      await s.call<MarkBlock[]>(api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [
          { name: '第4题', questionIds: [String(s.question.id)], mode: 'single', tolerance: 5, step: 1, dailyCap: 200 },
        ],
      }),
    ) as [MarkBlock];
    expect(block).toMatchObject({ distribution: 'free', dailyCap: 200, paperCount: 0, version: 1 });
    expectOk(await s.call(api.saveTasks, { blockId: block.id, markers: [{ userId: String(s.adminTeacher.user.id) }] }));
    for (const id of esIds.slice(0, 3)) await addSheet(id);
    await s.db.update(examStudents).set({ absent: true }).where(eq(examStudents.id, esIds[2]!));

    const started = expectOk(await s.call<MarkBlock>(api.setBlockStatus, { blockId: block.id, action: 'start' }));
    expect(started.paperCount).toBe(2);
    const papers = await s.db
      .select()
      .from(markPapers)
      .where(eq(markPapers.blockId, Number(block.id)));
    expect(papers.map((p) => p.imageKey).sort()).toEqual([`crops/${esIds[0]}-4.jpg`, `crops/${esIds[1]}-4.jpg`]);

    await addSheet(esIds[3]!);
    expect(expectOk(await s.call(markingSetupApi.syncPapers, { blockId: block.id }))).toEqual({ added: 1, total: 3 });
    expect(expectOk(await s.call(markingSetupApi.syncPapers, { blockId: block.id }))).toEqual({ added: 0, total: 3 });
  });
});

describe('结束 and 合成成绩', () => {
  it('refuses to finish while papers lack finals, merges nothing before, then writes the finals', async () => {
    expectFailure(
      await s.call(api.setBlockStatus, { blockId: block.id, action: 'finish' }),
      422,
      /3 份试卷没有最终得分/,
    );
    expectFailure(await s.call(markingSetupApi.mergeScores, { seId: s.ids.mathSeId }), 422, /还没有结束阅卷/);
    const q = String(s.question.id);
    const given = new Map<string, number>();
    for (let i = 0; ; i++) {
      const paper = expectOk(await s.as<LeasedPaper | null>(s.sessions.admin, api.claim, { blockId: block.id }));
      if (!paper) break;
      given.set(paper.paperId, 40 + i);
      const lease = { blockId: block.id, paperId: paper.paperId, token: paper.token };
      expectOk(await s.as(s.sessions.admin, api.submit, { ...lease, scores: { [q]: 40 + i }, seconds: 3 }));
    }
    expect(given.size).toBe(3);

    const [exception] = await s.db
      .insert(recognizeExceptions)
      .values({ schoolId: s.school.id, singleExamId: s.math.id, key: 'q4', kind: 3, detail: '多涂', questionNo: '4' })
      .returning();
    expectFailure(await s.call(api.setBlockStatus, { blockId: block.id, action: 'finish' }), 422, /1 条扫描异常未处理/);
    await s.db.update(recognizeExceptions).set({ status: 1 }).where(eq(recognizeExceptions.id, exception!.id));
    expectOk(await s.call(api.setBlockStatus, { blockId: block.id, action: 'finish' }));

    const [before] = await s.db.select().from(singleExams).where(eq(singleExams.id, s.math.id));
    const merged = expectOk(await s.call(markingSetupApi.mergeScores, { seId: s.ids.mathSeId }));
    expect(merged).toMatchObject({ students: 3, changedScores: 3, problems: [] });
    const [after] = await s.db.select().from(singleExams).where(eq(singleExams.id, s.math.id));
    expect(after!.scoreVersion).toBeGreaterThan(before!.scoreVersion);

    const papers = await s.db
      .select()
      .from(markPapers)
      .where(eq(markPapers.blockId, Number(block.id)));
    for (const paper of papers) {
      const [row] = await s.db
        .select()
        .from(studentScores)
        .where(and(eq(studentScores.singleExamId, s.math.id), eq(studentScores.examStudentId, paper.examStudentId)));
      expect(row!.scores[q]).toBe(given.get(String(paper.id)));
      expect(row!.subjectiveScore).toBe(given.get(String(paper.id)));
    }
    const records = await s.db.select().from(scoreRecords).where(eq(scoreRecords.source, 'marking'));
    expect(records).toHaveLength(3);
    // The 缺考 student has no score written.
    const [absent] = await s.db.select().from(studentScores).where(eq(studentScores.examStudentId, esIds[2]!));
    expect(absent?.scores[q]).toBeUndefined();
    // Again: nothing changed, nothing written.
    expect(expectOk(await s.call(markingSetupApi.mergeScores, { seId: s.ids.mathSeId }))).toMatchObject({
      changedScores: 0,
    });
    const actions = (await s.db.select({ action: auditLog.action }).from(auditLog)).map((r) => r.action);
    for (const action of ['marking.blocks.save', 'marking.markers.save', 'marking.block.start', 'marking.block.finish'])
      expect(actions).toContain(action);
    expect(actions.filter((a) => a === 'marking.merge')).toHaveLength(2);
  });
});

describe('two administrators', () => {
  it('saving the same 题块 set-up at once: one wins, the other is told to refresh', async () => {
    const other = await makeTeacher(s.db, { schoolId: s.school.id, type: 5, name: '李教务' });
    const second = await login(s.t.app, other.phone, other.user.password);
    const current = expectOk(await s.call<MarkBlock[]>(api.findBlocks, { seId: s.ids.mathSeId }));
    const first = current[0]!;
    const keep = {
      id: first.id,
      name: first.name,
      questionIds: [String(s.question.id)],
      mode: first.mode,
      tolerance: first.tolerance,
      step: first.step as 1,
    };
    const [fresh] = expectOk(
      await s.call<MarkBlock[]>(api.saveBlocks, {
        seId: s.ids.mathSeId,
        blocks: [
          keep,
          { name: '第5题', questionIds: [String(secondQuestion!.id)], mode: 'double', tolerance: 2, step: 1 },
        ],
      }),
    ).slice(1) as [MarkBlock];
    const edit = (tolerance: number, distribution: 'even' | 'quota') => ({
      seId: s.ids.mathSeId,
      blocks: [
        keep,
        {
          id: fresh.id,
          name: '第5题',
          questionIds: [String(secondQuestion!.id)],
          mode: 'double',
          tolerance,
          step: 1,
          distribution,
          version: fresh.version,
        },
      ],
    });
    const results = await Promise.all([
      s.as(s.sessions.admin, api.saveBlocks, edit(1, 'even')),
      s.as(second, api.saveBlocks, edit(3, 'quota')),
    ]);
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expectFailure(lost[0]!, 409, /已被他人修改，请刷新后再保存/);
    const stored = expectOk(await s.call<MarkBlock[]>(api.findBlocks, { seId: s.ids.mathSeId }))[1]!;
    const winner = (won[0]!.data as MarkBlock[])[1]!;
    expect(stored).toMatchObject({
      tolerance: winner.tolerance,
      distribution: winner.distribution,
      version: fresh.version + 1,
    });
  });
});

describe('the student sheet', () => {
  type Sheet = {
    pages: { pageNo: number; url: string }[];
    questions: { questionNo: string; score: number | null }[];
  };
  it('a student sees their own sheet and scores; a teacher their classes only; the administrator any', async () => {
    const [zhang, , , , li] = s.students;
    const own = await login(s.t.app, zhang!.user.loginName, zhang!.user.password);
    // Students see their sheet once the exam is published to them (student-sheet.test.ts).
    await s.db.update(multiExams).set({ status: 4, publishedToStudents: true }).where(eq(multiExams.id, s.exam.id));
    // A student's studentId is ignored: they always get their own sheet.
    const sheet = expectOk(
      await s.as<Sheet>(own, markingSetupApi.studentSheet, { seId: s.ids.mathSeId, studentId: String(li!.id) }),
    );
    expect(sheet.pages).toHaveLength(1);
    expect(sheet.pages[0]!.url).toMatch(new RegExp(`^/files/${sourceKeys.get(esIds[0]!)}\\?expires=\\d+&signature=`));
    const paper = (await s.db.select().from(markPapers).where(eq(markPapers.examStudentId, esIds[0]!)))[0]!;
    const q4 = sheet.questions.find((q) => q.questionNo === '4')!;
    expect(q4.score).toBe(paper.finalTotal);

    const other = await login(s.t.app, li!.user.loginName, li!.user.password);
    expect(expectOk(await s.as<Sheet>(other, markingSetupApi.studentSheet, { seId: s.ids.mathSeId })).pages).toEqual(
      [],
    );

    // 赵数学 teaches 数学 in 八(1) (张一), not 八(2) (李一).
    expect(
      expectOk(
        await s.as<Sheet>(s.sessions.mathTeacher, markingSetupApi.studentSheet, {
          seId: s.ids.mathSeId,
          studentId: String(zhang!.id),
        }),
      ).pages,
    ).toHaveLength(1);
    expectForbidden(
      await s.as(s.sessions.mathTeacher, markingSetupApi.studentSheet, {
        seId: s.ids.mathSeId,
        studentId: String(li!.id),
      }),
    );
    expectOk(await s.call(markingSetupApi.studentSheet, { seId: s.ids.mathSeId, studentId: String(li!.id) }));
    expectForbidden(
      await s.as(s.sessions.manager, markingSetupApi.studentSheet, { seId: s.ids.mathSeId, studentId: String(li!.id) }),
    );
  });
});
