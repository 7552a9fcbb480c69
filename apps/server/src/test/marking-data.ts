import { randomBytes } from 'node:crypto';
import { type examQuestions, examStudents, markBlockMarkers, markBlocks, students, users } from '../db/schema.ts';
import { createPapers } from '../modules/marking/index.ts';
import type { Actor } from '../platform/auth-context.ts';
import type { Db } from '../platform/db.ts';
import { newKey } from '../platform/storage.ts';

// Marking test and bench data (issue #17), without the test runner: extra exam students, markers
// and 题块 in bulk (markers made here never log in: dispatch tests and the bench call the service
// with their Actor; call tests log in the fixture's own teachers).

const tag = () => randomBytes(4).toString('hex');

export async function makeUsers(db: Db, schoolId: number, count: number, type: 1 | 2 | 5 = 1) {
  if (count === 0) return [];
  const t = tag();
  return db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        loginName: `m${t}${i}`,
        passwordHash: 'not-a-login',
        type,
        schoolId,
        userCode: `M${t}${i}`,
        name: `阅卷${i}`,
      })),
    )
    .returning();
}

/** `count` more students of class 八(1) sitting the single exam; their exam student ids. */
export async function addExamStudents(db: Db, schoolId: number, seId: number, classId: number, count: number) {
  const accounts = await makeUsers(db, schoolId, count, 2);
  const t = tag();
  const rows = await db
    .insert(students)
    .values(
      accounts.map((u, i) => ({
        schoolId,
        userId: u.id,
        classId,
        name: `考生${t}${i}`,
        gender: 1,
        studentNo: `S${t}${i}`,
      })),
    )
    .returning();
  const sitting = await db
    .insert(examStudents)
    .values(rows.map((s) => ({ schoolId, singleExamId: seId, studentId: s.id, classId, examNo: s.studentNo })))
    .returning();
  return sitting.map((es) => es.id);
}

export function actorOf(user: { id: number; schoolId: number; type: number; name: string; loginName: string }): Actor {
  return {
    userId: user.id,
    loginName: user.loginName,
    name: user.name,
    type: user.type as Actor['type'],
    schoolId: user.schoolId,
    userCode: '',
    sessionId: 0,
    token: '',
    schoolIds: [user.schoolId],
  } as Actor;
}

/**
 * A 题块 on the 数学 exam's subjective question (85 points), started, with these markers and one
 * paper per given exam student (an image key each), written directly as scanning will.
 */
export async function makeBlock(
  db: Db,
  options: {
    schoolId: number;
    seId: number;
    question: typeof examQuestions.$inferSelect;
    mode: 'single' | 'double';
    tolerance: number;
    markers: { userId: number; leader?: boolean; quota?: number | null }[];
    examStudentIds: number[];
  },
) {
  const [block] = await db
    .insert(markBlocks)
    .values({
      schoolId: options.schoolId,
      singleExamId: options.seId,
      name: '解答题',
      questions: [{ questionId: String(options.question.id), fullMarks: options.question.fullMark }],
      mode: options.mode,
      tolerance: options.tolerance,
      step: 1,
      status: 2,
    })
    .returning();
  if (options.markers.length > 0) {
    await db.insert(markBlockMarkers).values(
      options.markers.map((m) => ({
        blockId: block!.id,
        userId: m.userId,
        leader: m.leader ?? false,
        quota: m.quota ?? null,
      })),
    );
  }
  await db.transaction((tx) =>
    createPapers(
      tx,
      block!.id,
      options.examStudentIds.map((id) => ({ examStudentId: id, imageKey: newKey('crops', `${id}.png`) })),
    ),
  );
  return block!;
}
