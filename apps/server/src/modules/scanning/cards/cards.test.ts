import type { AnswerBoxRegion, ObjectiveRow } from '@huikao/answer-card';
import { scanningCardsApi as api, type CardListRow, type CardTemplate } from '@huikao/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cardTemplates, cardTemplateVersions, examQuestions } from '../../../db/schema.ts';
import { login } from '../../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { makeTeacher } from '../../../test/factories.ts';
import { expectFailure, expectForbidden, expectOk } from '../../../test/school-base-fixture.ts';
import { markVersionScanned } from '../index.ts';

// Answer-card templates through their calls: generation from the exam's structure, the four bad
// inputs (nothing saved), versions (a printed or scanned version never changes), the permission
// matrix and the lookups.

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const cardCount = async () => (await s.db.select().from(cardTemplates)).length;
const versionCount = async () => (await s.db.select().from(cardTemplateVersions)).length;
const rowsOf = (card: CardTemplate) =>
  card.template.pages.flatMap((p) => p.regions.flatMap((r) => (r.kind === 'objectiveBlock' ? r.rows : [])));
const boxesOf = (card: CardTemplate) =>
  card.template.pages.flatMap((p) => p.regions.filter((r): r is AnswerBoxRegion => r.kind === 'answerBox'));

describe('bad input: a clear Chinese message, nothing saved', () => {
  it('refuses an exam without questions', async () => {
    expectFailure(
      await s.call(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.englishSeId }),
      400,
      '考试还没有题目，无法生成答题卡',
    );
    expect(await cardCount()).toBe(0);
  });

  it.each([0, 30])('refuses a 考号 length of %s', async (length) => {
    expectFailure(
      await s.call(api.saveExamTemplate, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        settings: { examNumberLength: length },
      }),
      400,
      '考号位数只能是 1 到 20',
    );
    expect(await cardCount()).toBe(0);
  });

  it('refuses columns the paper does not take', async () => {
    expectFailure(
      await s.call(api.saveExamTemplate, {
        schoolId: s.sid,
        seId: s.ids.mathSeId,
        settings: { paper: 'A4', columns: 2 },
      }),
      400,
      /A4 纵向只能排一栏/,
    );
    expect(await cardCount()).toBe(0);
  });
});

describe('a card generated from the exam', () => {
  let card: CardTemplate;

  it('lays out the exam questions with the defaults', async () => {
    card = expectOk(await s.call<CardTemplate>(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
    expect(card).toMatchObject({
      seId: s.ids.mathSeId,
      meId: s.ids.meId,
      examName: '八年级期中考试',
      courseName: '数学',
      status: 'draft',
      version: 1,
      frozen: false,
      structureChanged: false,
      // Four questions: A4 in one column; the longest 考号 of the exam's students (学号 where a
      // student has no 考号) sets the grid.
      settings: { paper: 'A4', columns: 1, sides: 2, identityMode: 'grid', examNumberLength: 10 },
    });
    expect(rowsOf(card).map((r: ObjectiveRow) => [r.number, r.type, r.bubbles.map((b) => b.option).join('')])).toEqual([
      ['1', 'single', 'ABCD'],
      ['2', 'multiple', 'ABCD'],
      ['3', 'judge', 'TF'],
    ]);
    // The 85-mark 解答 gets a tall default box, continued in linked pieces.
    const pieces = boxesOf(card);
    expect(pieces.map((b) => [b.label, b.fullMarks, b.part, b.parts])).toEqual(
      pieces.map((_, i) => ['4', 85, i + 1, pieces.length]),
    );
    expect(card.template.pages[0]!.regions.find((r) => r.kind === 'pageCode')).toMatchObject({
      payload: expect.stringContaining(card.templateId),
    });
  });

  it('answers get and findTemplateBySeId with the same card; another subject has none', async () => {
    const got = expectOk(await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
    expect(got.template).toEqual(card.template);
    const analysis = expectOk(
      await s.call<CardTemplate>(api.findTemplateBySeId, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    expect(analysis.templateId).toBe(card.templateId);
    expect(expectOk(await s.call(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.englishSeId }))).toBeNull();
  });

  it('refuses a second generation unless asked to regenerate', async () => {
    expectFailure(
      await s.call(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }),
      409,
      /该科目已有答题卡/,
    );
    expect(await versionCount()).toBe(1);
  });

  it('refuses boxes that no longer fit, and keeps the card as it was', async () => {
    const box = boxesOf(card)[0]!;
    expectFailure(
      await s.call(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        change: { boxHeights: { [box.boxId]: 2500 } },
      }),
      400,
      '第 4 题答题框高度须在 15–2000 mm 之间，当前为 2500 mm',
    );
    const after = expectOk(await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
    expect(after.revision).toBe(card.revision);
    expect(after.template).toEqual(card.template);
  });

  it('changes a draft in place, then makes a new version once printed or scanned', async () => {
    const box = boxesOf(card)[0]!;
    const edited = expectOk(
      await s.call<CardTemplate>(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        revision: card.revision,
        change: { boxHeights: { [box.boxId]: 200 } },
      }),
    );
    expect(edited).toMatchObject({ version: 1, revision: card.revision + 1, status: 'draft' });
    expect(boxesOf(edited).reduce((sum, b) => sum + b.rect.height, 0)).toBeCloseTo(200);

    // A stale copy (the revision the designer read before) is refused.
    expectFailure(
      await s.call(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        revision: card.revision,
        change: { sides: 1 },
      }),
      409,
      '答题卡已被他人修改，请刷新后再改',
    );

    const printed = expectOk(
      await s.call<CardTemplate>(api.markExamTemplatePrinted, { schoolId: s.sid, templateId: card.templateId }),
    );
    expect(printed).toMatchObject({ status: 'printed', frozen: true, version: 1 });

    const v2 = expectOk(
      await s.call<CardTemplate>(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        change: { paper: 'A3', columns: 3 },
      }),
    );
    expect(v2).toMatchObject({ version: 2, status: 'draft', frozen: false, settings: { paper: 'A3', columns: 3 } });
    const v1 = expectOk(
      await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId, version: 1 }),
    );
    expect(v1.template).toEqual(edited.template);

    // Scanning stores a page of version 2: the card reads 扫描中 and version 2 is frozen.
    await s.db.transaction((tx) => markVersionScanned(tx, Number(card.templateId), 2));
    const scanned = expectOk(
      await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    expect(scanned).toMatchObject({ status: 'scanning', frozen: true, scannedVersions: [2] });
    const v3 = expectOk(
      await s.call<CardTemplate>(api.updateExamTemplate, {
        schoolId: s.sid,
        templateId: card.templateId,
        change: { columns: 2 },
      }),
    );
    expect(v3).toMatchObject({ version: 3, status: 'scanning', settings: { columns: 2 } });
    const stillV2 = expectOk(
      await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId, version: 2 }),
    );
    expect(stillV2.template).toEqual(v2.template);
    expect(stillV2.template.pages.every((p) => p.regions.some((r) => r.kind === 'pageCode'))).toBe(true);
  });

  it('notices a changed structure and regenerates from it', async () => {
    await s.db
      .insert(examQuestions)
      .values({ schoolId: s.school.id, singleExamId: s.math.id, questionNo: '5', sortOrder: 5, kind: 2, fullMark: 10 });
    const before = expectOk(await s.call<CardTemplate>(api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
    expect(before.structureChanged).toBe(true);
    const regenerated = expectOk(
      await s.call<CardTemplate>(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId, regenerate: true }),
    );
    // Version 3 had no scans nor print: rewritten in place, with the designer's settings kept.
    expect(regenerated).toMatchObject({ version: 3, structureChanged: false, settings: { paper: 'A3', columns: 2 } });
    const firstPieces = boxesOf(regenerated).filter((b) => b.part === 1);
    expect(firstPieces.map((b) => b.label)).toEqual(['4', '5']);
    const audits = await s.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `card-template:${card.templateId}`));
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['scanning.card.generate', 'scanning.card.update', 'scanning.card.printed']),
    );
  });
});

describe('who may work on which card', () => {
  it('refuses students and managers every card call', async () => {
    for (const session of [s.sessions.student, s.sessions.manager]) {
      expectForbidden(await s.as(session, api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
      expectForbidden(await s.as(session, api.findExamTemplateList, { schoolId: s.sid }));
      expectForbidden(await s.as(session, api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.englishSeId }));
    }
  });

  it('refuses another school and its ids (403), changing nothing', async () => {
    const before = await versionCount();
    expectForbidden(await s.call(api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.otherSeId }));
    expectForbidden(await s.call(api.getExamTemplate, { schoolId: String(s.other.school.id), seId: s.ids.otherSeId }));
    expectForbidden(await s.call(api.findExamTemplateList, { schoolId: String(s.other.school.id) }));

    // A card of the other school, made by its own administrator.
    await s.db.insert(examQuestions).values({
      schoolId: s.other.school.id,
      singleExamId: s.other.single.id,
      questionNo: '1',
      sortOrder: 1,
      kind: 2,
      fullMark: 10,
    });
    const otherAdmin = await makeTeacher(s.db, { schoolId: s.other.school.id, type: 5, name: '外校教务' });
    const otherSession = await login(s.t.app, otherAdmin.phone, otherAdmin.user.password);
    const otherCard = expectOk(
      await s.as<CardTemplate>(otherSession, api.saveExamTemplate, {
        schoolId: String(s.other.school.id),
        seId: s.ids.otherSeId,
      }),
    );
    const after = await versionCount();
    expect(after).toBe(before + 1);
    for (const [endpoint, extra] of [
      [api.updateExamTemplate, { change: { sides: 1 } }],
      [api.markExamTemplatePrinted, {}],
      [api.signAnswerSheetLink, {}],
      [api.downloadBlankCard, {}],
    ] as const) {
      expectForbidden(await s.call(endpoint, { schoolId: s.sid, templateId: otherCard.templateId, ...extra }));
    }
    const untouched = expectOk(
      await s.as<CardTemplate>(otherSession, api.getExamTemplate, {
        schoolId: String(s.other.school.id),
        seId: s.ids.otherSeId,
      }),
    );
    expect(untouched).toMatchObject({ revision: otherCard.revision, status: 'draft', settings: otherCard.settings });
    expect(await versionCount()).toBe(after);
  });

  it('lets a teacher work on the cards of the classes they teach, and no others', async () => {
    // The 数学 teacher of 八(1): the 数学 card yes, the 英语 one no.
    const math = expectOk(
      await s.as<CardTemplate>(s.sessions.mathTeacher, api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }),
    );
    expect(math.courseName).toBe('数学');
    expectForbidden(
      await s.as(s.sessions.mathTeacher, api.saveExamTemplate, { schoolId: s.sid, seId: s.ids.englishSeId }),
    );
    const list = expectOk(
      await s.as<CardListRow[]>(s.sessions.mathTeacher, api.findExamTemplateList, { schoolId: s.sid }),
    );
    expect(list.map((r) => r.courseName)).toEqual(['数学']);
    // A teacher who teaches nothing here sees no card and may open none.
    expect(
      expectOk(await s.as<CardListRow[]>(s.sessions.teacher, api.findExamTemplateList, { schoolId: s.sid })),
    ).toEqual([]);
    expectForbidden(await s.as(s.sessions.teacher, api.getExamTemplate, { schoolId: s.sid, seId: s.ids.mathSeId }));
  });
});

describe('我的答题卡 and the lookups', () => {
  it('lists every subject of the exam with its card', async () => {
    const rows = expectOk(await s.call<CardListRow[]>(api.findExamTemplateList, { schoolId: s.sid, meId: s.ids.meId }));
    expect(rows.map((r) => [r.courseName, r.status, r.version])).toEqual([
      ['数学', 'scanning', 3],
      ['英语', null, null],
    ]);
    expect(rows[0]).toMatchObject({ paper: 'A3', columns: 2, questionCount: 5, studentCount: 5 });
    expect(rows[0]!.pageCount).toBeGreaterThanOrEqual(1);
    const printed = expectOk(
      await s.call<CardListRow[]>(api.findExamTemplateList, { schoolId: s.sid, status: 'draft' }),
    );
    expect(printed).toEqual([]);
  });

  it('answers the school, teacher, course, parent and writer lookups', async () => {
    expect(expectOk(await s.call(api.findTemplateSchool, { schoolId: s.sid }))).toEqual({
      schoolId: s.sid,
      name: '第一中学',
      examNumberLength: 10,
    });
    expect(expectOk(await s.call(api.findTemplateTeachers, { schoolId: s.sid, seId: s.ids.mathSeId }))).toEqual([
      { teacherId: String(s.mathTeacherRow.id), name: '赵数学', classNames: ['八(1)班'] },
    ]);
    expect(expectOk(await s.call(api.findTemplateCourses, { schoolId: s.sid, meId: s.ids.meId }))).toEqual([
      expect.objectContaining({ courseName: '数学', status: 'scanning' }),
      expect.objectContaining({ courseName: '英语', templateId: null, status: null }),
    ]);
    expect(expectOk(await s.call(api.findTemplateParent, { schoolId: s.sid, seId: s.ids.mathSeId }))).toMatchObject({
      meId: s.ids.meId,
      name: '八年级期中考试',
      gradeName: '八年级',
    });
    expect(expectOk(await s.call(api.findWriterCollegeInfo, { schoolId: s.sid, seId: s.ids.mathSeId }))).toMatchObject({
      schoolName: '第一中学',
      examName: '八年级期中考试',
      courseName: '数学',
      writerName: '王教务',
    });
    expectForbidden(await s.call(api.findTemplateParent, { schoolId: s.sid, seId: s.ids.otherSeId }));
  });
});
