import { randomUUID } from 'node:crypto';
import { examsApi as api, type ExamDoc, type StandardPaper, type StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest } from '@huikao/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examDocs } from '../../../db/schema.ts';
import { upload } from '../../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../../test/exams-fixture.ts';
import { expectFailure, expectForbidden, expectOk, expectRoleRefusals } from '../../../test/school-base-fixture.ts';

let s: ExamsSetup;
beforeAll(async () => {
  s = await setUpExams();
});
afterAll(() => s.t.close());

const pdf = Buffer.from('%PDF-1.4 试卷内容');

/** An encrypted call answered with a file (downloadExamDoc). */
async function downloadDoc(session: StoredUser, params: Record<string, unknown>) {
  const request = buildEncryptedRequest(params, session.token, {
    loginName: session.loginName,
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session.jwtToken,
  });
  return s.t.app.inject({
    method: 'POST',
    url: api.downloadExamDoc.path,
    headers: { ...request.headers, 'content-type': request.contentType },
    payload: request.body,
  });
}

describe('exam documents', () => {
  let doc: ExamDoc;

  it('uploads a document of an exam, lists and downloads it', async () => {
    doc = expectOk(
      await upload<ExamDoc>(
        s.t.app,
        api.uploadExamDoc,
        { schoolId: s.sid, meId: s.ids.meId, seId: s.ids.mathSeId, kind: '2' },
        { fileName: '数学答案.pdf', buffer: pdf, mimeType: 'application/pdf' },
        { session: s.sessions.admin },
      ),
    );
    expect(doc).toMatchObject({
      fileName: '数学答案.pdf',
      courseName: '数学',
      kind: 2,
      size: pdf.length,
      examName: '八年级期中考试',
    });
    const page = expectOk(
      await s.as<{ list: ExamDoc[]; total: number }>(s.sessions.teacher, api.getExamDocListBySchoolId, {
        schoolId: s.sid,
        meId: s.ids.meId,
      }),
    );
    expect(page.list.map((d) => d.docId)).toEqual([doc.docId]);
    const file = await downloadDoc(s.sessions.teacher, { schoolId: s.sid, docId: doc.docId });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const foreign = await downloadDoc(s.sessions.admin, { schoolId: String(s.other.school.id), docId: doc.docId });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses a file type not allowed, a student, another school exam', async () => {
    const refused = await upload(
      s.t.app,
      api.uploadExamDoc,
      { schoolId: s.sid, meId: s.ids.meId, kind: '1' },
      { fileName: 'virus.exe', buffer: pdf },
      { session: s.sessions.admin },
    );
    expectFailure(refused, 400, '只能上传 pdf、doc、docx、xls、xlsx、jpg、png 或 zip 文件');
    expectForbidden(
      await upload(
        s.t.app,
        api.uploadExamDoc,
        { schoolId: s.sid, meId: s.ids.otherMeId, kind: '1' },
        { fileName: 'a.pdf', buffer: pdf },
        { session: s.sessions.admin },
      ),
    );
    expectForbidden(
      await upload(
        s.t.app,
        api.uploadExamDoc,
        { schoolId: s.sid, meId: s.ids.meId, kind: '1' },
        { fileName: 'a.pdf', buffer: pdf },
        { session: s.sessions.teacher },
      ),
    );
    expectFailure(
      await upload(
        s.t.app,
        api.uploadExamDoc,
        { schoolId: s.sid, meId: s.ids.meId, kind: '7' },
        { fileName: 'a.pdf', buffer: pdf },
        { session: s.sessions.admin },
      ),
      400,
      '文档类型只能是 1（试卷）、2（标准答案）、3（评分细则）或 4（其他）',
    );
  });

  describe('standard papers', () => {
    let paper: StandardPaper;

    it('saves a standard paper with the document attached and finds it by exam, mark and teacher', async () => {
      paper = expectOk(
        await s.call<StandardPaper>(api.saveStandardPaper, {
          schoolId: s.sid,
          seId: s.ids.mathSeId,
          kind: 1,
          title: '数学标准答案',
          content: '1. A',
          docId: doc.docId,
        }),
      );
      expect(paper).toMatchObject({
        courseName: '数学',
        fileName: '数学答案.pdf',
        meId: s.ids.meId,
        updatedBy: '王教务',
      });
      const bySe = expectOk(
        await s.as<StandardPaper[]>(s.sessions.teacher, api.findStandardPaperBySeId, {
          schoolId: s.sid,
          seId: s.ids.mathSeId,
        }),
      );
      expect(bySe.map((p) => p.spId)).toEqual([paper.spId]);
      const byMark = expectOk(
        await s.as<StandardPaper[]>(s.sessions.teacher, api.findStandardPaperByMark, {
          schoolId: s.sid,
          seId: s.ids.mathSeId,
        }),
      );
      expect(byMark).toHaveLength(1);
      const taught = expectOk(
        await s.as<StandardPaper[]>(s.sessions.mathTeacher, api.findStandardPaperByTeacherId, { schoolId: s.sid }),
      );
      expect(taught.map((p) => p.spId)).toEqual([paper.spId]);
      const untaught = expectOk(
        await s.as<StandardPaper[]>(s.sessions.teacher, api.findStandardPaperByTeacherId, { schoolId: s.sid }),
      );
      expect(untaught).toEqual([]);
      const all = expectOk(await s.call<StandardPaper[]>(api.findStandardPaperByTeacherId, { schoolId: s.sid }));
      expect(all).toHaveLength(1);
      expectForbidden(await s.call(api.findStandardPaperBySeId, { schoolId: s.sid, seId: s.ids.otherSeId }));
    });

    it('refuses a document of another exam, an empty title, another school', async () => {
      const [foreignDoc] = await s.db
        .insert(examDocs)
        .values({
          schoolId: s.other.school.id,
          multiExamId: s.other.exam.id,
          kind: 1,
          fileName: 'x.pdf',
          storageKey: 'exam-docs/2026/00000000-0000-4000-8000-000000000000.pdf',
          size: 1,
          contentType: 'application/pdf',
          uploadedBy: s.adminTeacher.user.id,
        })
        .returning();
      const save = (extra: Record<string, unknown>) =>
        s.call(api.saveStandardPaper, { schoolId: s.sid, seId: s.ids.mathSeId, kind: 2, title: '评分细则', ...extra });
      expectForbidden(await save({ docId: String(foreignDoc!.id) }));
      expectFailure(await save({ title: '' }), 400, '请输入标题');
      expectFailure(await save({ kind: 3 }), 400, '类型只能是 1（标准答案）或 2（评分细则）');
      expectForbidden(await save({ seId: s.ids.otherSeId }));
      await expectRoleRefusals(
        s,
        api.saveStandardPaper,
        { schoolId: s.sid, seId: s.ids.mathSeId, kind: 1, title: 't' },
        true,
      );
    });

    it('a linked document cannot be deleted until the paper lets go of it', async () => {
      expectFailure(
        await s.call(api.deleteExamDoc, { schoolId: s.sid, docId: doc.docId }),
        422,
        '该文档被标准答案“数学标准答案”引用，不能删除；请先修改或删除该标准答案',
      );
      const updated = expectOk(
        await s.call<StandardPaper>(api.updateStandardPaper, {
          schoolId: s.sid,
          spId: paper.spId,
          title: '数学标准答案（修订）',
          content: '1. B',
          docId: null,
        }),
      );
      expect(updated).toMatchObject({ title: '数学标准答案（修订）', docId: null, fileName: null });
      expectOk(await s.call(api.deleteExamDoc, { schoolId: s.sid, docId: doc.docId }));
      const gone = await downloadDoc(s.sessions.admin, { schoolId: s.sid, docId: doc.docId });
      expect(gone.json()).toMatchObject({ status: 404 });
      expectOk(await s.call(api.deleteStandardPaper, { schoolId: s.sid, spId: paper.spId }));
      expectFailure(
        await s.call(api.deleteStandardPaper, { schoolId: s.sid, spId: paper.spId }),
        404,
        '该标准答案不存在或已删除',
      );
    });
  });
});
