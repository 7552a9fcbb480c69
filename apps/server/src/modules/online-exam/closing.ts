import type { Actor } from '../../platform/auth-context.ts';
import type { Tx } from '../../platform/db.ts';
import { writeOnlineAnswers } from '../exams/index.ts';
import { blocksOfExam, putOnlinePaper } from '../marking/index.ts';
import { questionsOf } from './paper-view.ts';
import type { OnlineExamRow, SittingRow } from './repo.ts';
import * as repo from './repo.ts';

// Closing a sitting (by the student, the deadline sweep or an administrator), in the caller's
// transaction with the sitting locked: objective answers scored from the key at once through the
// exams score path, subjective answers put on their 题块 for the marking desk (typed text; an empty
// answer is a paper too, so the marker gives it its 0). A sitting reopened and submitted again
// updates its papers' text while unmarked; a marked paper keeps its text and the sitting records
// the 题块 for the teacher (the monitor's changedAfterMarking).

/** Scores are written in the name of the exam's maker: the online exam is theirs, whoever closes it. */
export function makerActor(exam: OnlineExamRow): Actor {
  return {
    userId: exam.createdBy,
    loginName: 'online-exam',
    name: '在线考试',
    type: 5,
    schoolId: exam.schoolId,
    userCode: '',
    sessionId: 0,
    token: '',
    schoolIds: [exam.schoolId],
  };
}

export async function closeSitting(
  tx: Tx,
  exam: OnlineExamRow,
  sitting: SittingRow,
  at: Date,
  by: 'student' | 'deadline' | 'admin',
): Promise<SittingRow | null> {
  const closed = await repo.markSubmitted(tx, sitting.id, at, by);
  if (!closed) return null;
  const answers = new Map((await repo.answersOf(tx, [sitting.id])).map((a) => [a.questionId, a.answer]));
  const questions = questionsOf(exam.paper);
  const choices: Record<string, string> = {};
  for (const q of questions) {
    if (q.kind !== 'text') choices[q.questionId] = (answers.get(q.questionId) ?? '').replace(/[^A-HTF]/g, '');
  }
  await writeOnlineAnswers(
    tx,
    makerActor(exam),
    exam.singleExamId,
    [{ studentId: sitting.studentId, choices }],
    `在线考试交卷（${by === 'student' ? '学生交卷' : by === 'deadline' ? '到时自动交卷' : '管理员收卷'}）`,
  );
  const numbers = new Map(questions.map((q) => [q.questionId, q.questionNo]));
  const changedAfterMarking: string[] = [];
  for (const block of await blocksOfExam(tx, exam.singleExamId)) {
    const parts = block.questionIds.map((id) => {
      const text = (answers.get(id) ?? '').trim();
      return block.questionIds.length > 1 ? `第${numbers.get(id) ?? ''}题：${text || '（未作答）'}` : text;
    });
    const text = parts.join('\n').trim() || '（未作答）';
    const put = await putOnlinePaper(tx, block.id, sitting.examStudentId, text);
    if (put === 'marked') changedAfterMarking.push(block.name);
  }
  if (changedAfterMarking.length > 0) await repo.noteChangedAfterMarking(tx, sitting.id, changedAfterMarking);
  return closed;
}
