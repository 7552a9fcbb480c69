import {
  onlineExamApi as api,
  joinAnswerPhotos,
  markingApi,
  markingDeskApi,
  type OnlineExamSummary,
  questionBankUserApi,
  type Sitting,
  splitAnswerPhotos,
  type UserPaperDetail,
} from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPapers, qbQuestions } from '../../db/schema.ts';
import { login, upload } from '../../test/client.ts';
import { type ExamsSetup, setUpExams } from '../../test/exams-fixture.ts';
import { draft } from '../../test/question-bank-fixture.ts';
import { expectFailure, expectForbidden, expectOk } from '../../test/school-base-fixture.ts';
import { importQuestionDrafts } from '../question-bank/index.ts';

// Answer photos (issue #18): checked by their bytes and size, kept under the student's own
// sitting, carried with the answer through the versioned save onto the marking paper, and read
// back through signed links only by their student or the exam's maker.

const clock = { at: new Date('2026-11-20T01:00:00Z'), now: () => new Date(clock.at) };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
type Session = Awaited<ReturnType<typeof login>>;
let s: ExamsSetup;
let exam: OnlineExamSummary;
let students: Session[];

beforeAll(async () => {
  s = await setUpExams({ onlineExamClock: clock, onlineExamSweep: false });
  await importQuestionDrafts(s.db, [draft('p1', { typeName: '解答题', options: null, answer: '略' })]);
  const [q] = await s.db.select({ id: qbQuestions.id }).from(qbQuestions);
  const paper = expectOk(
    await s.as<UserPaperDetail>(s.sessions.mathTeacher, questionBankUserApi.addUserPaper, {
      userId: String(s.mathTeacherRow.user.id),
      schoolId: s.sid,
      paper: {
        title: '拍照作答',
        courseId: '2',
        sections: [{ title: '解答题', questions: [{ quesId: String(q!.id), score: 10 }] }],
      },
    }),
  );
  exam = expectOk(
    await s.as<OnlineExamSummary>(s.sessions.mathTeacher, api.saveOnlineExam, {
      schoolId: s.sid,
      paperId: paper.paperId,
      name: '拍照作答练习',
      schyId: String(s.year.id),
      termId: String(s.term.id),
      gradeId: '8',
      classIds: [String(s.classes[0].id)],
      opensAt: new Date(clock.at.getTime() - 60_000).toISOString(),
      closesAt: new Date(clock.at.getTime() + 3600_000).toISOString(),
      durationMinutes: 40,
      shuffle: false,
      releaseAnswers: true,
    }),
  );
  students = [];
  for (const st of s.students) students.push(await login(s.t.app, st.user.loginName, st.user.password));
}, 120_000);
afterAll(() => s.t.close());

/** A 403 with its Chinese reason. */
const refused = (result: { http: number; message: string }, message: RegExp) => {
  expect(result.http).toBe(403);
  expect(result.message).toMatch(message);
};
const send = (who: Session, fileName: string, buffer: Buffer) =>
  upload<{ photoKey: string; url: string }>(
    s.t.app,
    api.uploadOnlinePhoto,
    { onlineExamId: exam.onlineExamId },
    { fileName, buffer, mimeType: 'image/png' },
    { session: who },
  );

describe('answer photos', () => {
  it('refuses what is not a JPEG/PNG, what is too big, and a student who has not started', async () => {
    expectFailure(await send(students[0]!, 'a.png', PNG), 422, /请先开始作答/);
    expectOk(await s.as<Sitting>(students[0]!, api.startOnlineExam, { onlineExamId: exam.onlineExamId }));
    expectFailure(await send(students[0]!, 'a.png', Buffer.from('not a picture at all')), 400, /不是 JPG 或 PNG/);
    expectFailure(await send(students[0]!, 'a.txt', PNG), 400, /只能上传 JPG 或 PNG/);
    const big = await send(students[0]!, 'big.png', Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)]));
    expect(big.message).toMatch(/文件过大/);
    refused(await send(students[3]!, 'a.png', PNG), /无权访问/); // 八(2)班: not given the exam
  });

  it('carries the photos with the answer onto the marking paper; only their student and the maker read them', async () => {
    const sitting = expectOk(
      await s.as<Sitting>(students[0]!, api.startOnlineExam, { onlineExamId: exam.onlineExamId }),
    );
    const photo = expectOk(await send(students[0]!, '作答.png', PNG));
    expect(photo.photoKey).toMatch(/^online-\d+-\d+\//);
    const questionId = sitting.sections[0]!.questions[0]!.questionId;
    const answer = joinAnswerPhotos('见图', [photo.photoKey]);
    expect(splitAnswerPhotos(answer)).toEqual({ text: '见图', photos: [photo.photoKey] });
    expectOk(
      await s.as(students[0]!, api.saveOrUpdateESCI, {
        onlineExamId: exam.onlineExamId,
        questionId,
        answer,
        version: 1,
      }),
    );
    const mine = expectOk(
      await s.as<{ url: string }[]>(students[0]!, api.findMyOnlinePhotos, {
        onlineExamId: exam.onlineExamId,
        photoKeys: [photo.photoKey],
      }),
    );
    expect(mine[0]!.url).toBeTruthy();
    // Another student of the class, with their own sitting, cannot read it.
    expectOk(await s.as<Sitting>(students[1]!, api.startOnlineExam, { onlineExamId: exam.onlineExamId }));
    refused(
      await s.as(students[1]!, api.findMyOnlinePhotos, {
        onlineExamId: exam.onlineExamId,
        photoKeys: [photo.photoKey],
      }),
      /只能查看自己上传的图片/,
    );
    expectForbidden(
      await s.as(students[1]!, api.findOnlinePaperPhotos, {
        onlineExamId: exam.onlineExamId,
        photoKeys: [photo.photoKey],
      }),
    );
    expectOk(await s.as(students[0]!, api.submitOnlineExam, { onlineExamId: exam.onlineExamId }));
    const papers = await s.db.select({ text: markPapers.answerText }).from(markPapers);
    expect(papers.map((p) => splitAnswerPhotos(p.text ?? ''))).toEqual([{ text: '见图', photos: [photo.photoKey] }]);
    const forMarking = expectOk(
      await s.as<{ photoKey: string; url: string }[]>(s.sessions.mathTeacher, api.findOnlinePaperPhotos, {
        onlineExamId: exam.onlineExamId,
        photoKeys: [photo.photoKey],
      }),
    );
    expect(forMarking.map((p) => p.photoKey)).toEqual([photo.photoKey]);
    // At the desk, a 题组长 of the paper's 题块 gets the photos signed with the paper's image call.
    const [paper] = await s.db.select({ id: markPapers.id, blockId: markPapers.blockId }).from(markPapers);
    expectOk(
      await s.as(s.sessions.admin, markingApi.saveTasks, {
        blockId: String(paper!.blockId),
        markers: [{ userId: String(s.mathTeacherRow.user.id), leader: true }],
      }),
    );
    const atDesk = expectOk(
      await s.as<{ url: string | null; photos: string[] }>(s.sessions.mathTeacher, markingDeskApi.paperImage, {
        blockId: String(paper!.blockId),
        paperId: String(paper!.id),
      }),
    );
    expect(atDesk.url).toBeNull();
    expect(atDesk.photos).toHaveLength(1);
    expect(atDesk.photos[0]).toContain('/files/');
  });
});
