import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { markDemoBlocks } from '../../modules/marking/index.ts';
import { type DemoSheet, hasScanBatch } from '../../modules/scanning/index.ts';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import {
  eduCourses,
  examQuestions,
  examStudents,
  markBlocks,
  multiExams,
  schools,
  singleExams,
  studentScores,
  users,
} from '../schema.ts';
import { DEMO_LINKED } from './demo-base-data.ts';
import { DEMO_CARD_EXAM } from './demo-cards.ts';

// The demo's scanned batch (issue #16 Demo), run in the background after the server is up so the
// first start is not slowed: 九年级11月月考's 数学, 第01考场, scanned from its printed card with each
// student's own answers, two sheets with a question marked twice (客观题涂卡异常) that admin01
// resolves. A subject that already has a batch is left alone, so a restart does nothing.

export const DEMO_SCAN_COURSE = '数学';
export const DEMO_SCAN_ROOM = '第01考场';
const DOUBLE_MARKED = [3, 11];

export interface DemoScanTarget {
  seId: number;
  actor: Actor;
  sheets: DemoSheet[];
}

type UserRow = typeof users.$inferSelect;

/** A demo user acting through the services as if signed in (no session: nothing is sent to a browser). */
function actorOf(user: UserRow): Actor {
  return {
    userId: user.id,
    loginName: user.loginName,
    name: user.name,
    type: user.type as Actor['type'],
    schoolId: user.schoolId!,
    userCode: user.userCode ?? '',
    sessionId: 0,
    token: '',
    schoolIds: [user.schoolId!],
  };
}

/** The subject, its resolver and the room's sheets; null when the demo exam is not there. */
export async function demoScanTarget(db: Db, schoolCode: string): Promise<DemoScanTarget | null> {
  const [single] = await db
    .select({ seId: singleExams.id, schoolId: singleExams.schoolId })
    .from(singleExams)
    .innerJoin(multiExams, eq(multiExams.id, singleExams.multiExamId))
    .innerJoin(schools, eq(schools.id, singleExams.schoolId))
    .innerJoin(eduCourses, eq(eduCourses.id, singleExams.courseId))
    .where(
      and(eq(schools.code, schoolCode), eq(multiExams.name, DEMO_CARD_EXAM), eq(eduCourses.name, DEMO_SCAN_COURSE)),
    );
  if (!single) return null;
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.loginName, DEMO_LINKED.admin.loginName), eq(users.schoolId, single.schoolId)));
  if (!admin) return null;
  const actor = actorOf(admin);
  const questions = await db
    .select({ id: examQuestions.id, no: examQuestions.questionNo, answer: examQuestions.answer })
    .from(examQuestions)
    .where(and(eq(examQuestions.singleExamId, single.seId), eq(examQuestions.kind, 1)))
    .orderBy(asc(examQuestions.sortOrder));
  const students = await db
    .select({ examNo: examStudents.examNo, absent: examStudents.absent, choices: studentScores.choices })
    .from(examStudents)
    .leftJoin(studentScores, eq(studentScores.examStudentId, examStudents.id))
    .where(and(eq(examStudents.singleExamId, single.seId), eq(examStudents.room, DEMO_SCAN_ROOM)))
    .orderBy(asc(examStudents.examNo));
  const sheets = students
    .filter((s) => s.examNo && !s.absent)
    .map((s, i) => ({
      examNo: s.examNo!,
      // The student's entered choices where scores were entered; otherwise mostly the key.
      answers: Object.fromEntries(
        questions.map((q, n) => [q.no, s.choices?.[String(q.id)] ?? ((n + i) % 4 === 0 ? '' : (q.answer ?? ''))]),
      ),
    }));
  return { seId: single.seId, actor, sheets };
}

/** Scans the demo batch unless it is there; logs how long it took. Never throws (a demo must not stop a server). */
export async function runDemoScans(app: FastifyInstance, schoolCode: string): Promise<'skipped' | 'done' | 'failed'> {
  const db = app.platform.database.db;
  const started = Date.now();
  const cpu = process.cpuUsage();
  try {
    const target = await demoScanTarget(db, schoolCode);
    if (!target || (await hasScanBatch(db, target.seId))) return 'skipped';
    const scanned = await app.scanDemoBatch({
      actor: target.actor,
      seId: target.seId,
      room: DEMO_SCAN_ROOM,
      sheets: target.sheets,
      doubleMarked: DOUBLE_MARKED.filter((i) => i < target.sheets.length),
    });
    const marked = await markDemo(db, target);
    const used = process.cpuUsage(cpu);
    app.log.info(
      { scanned, marked, wallMs: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000) },
      'demo scanned and half-marked 数学 ready',
    );
    return 'done';
  } catch (err) {
    app.log.error({ err }, 'demo scanned batch failed');
    return 'failed';
  }
}

/** 数学's 题块 through marking's services: teacher01 waiting on one, three other teachers at work on another. */
async function markDemo(db: Db, target: DemoScanTarget) {
  const [existing] = await db
    .select({ id: markBlocks.id })
    .from(markBlocks)
    .where(eq(markBlocks.singleExamId, target.seId));
  if (existing) return null;
  const questions = await db
    .select({ id: examQuestions.id, questionNo: examQuestions.questionNo, fullMark: examQuestions.fullMark })
    .from(examQuestions)
    .where(and(eq(examQuestions.singleExamId, target.seId), eq(examQuestions.kind, 2)))
    .orderBy(asc(examQuestions.sortOrder));
  const teachers = await db
    .select()
    .from(users)
    .where(and(eq(users.schoolId, target.actor.schoolId), eq(users.type, 1)))
    .orderBy(asc(users.id));
  const teacher01 = teachers.find((u) => u.loginName === DEMO_LINKED.teacher.loginName);
  const others = teachers.filter((u) => u !== teacher01 && !u.disabled).slice(0, 3);
  if (!teacher01 || others.length < 3) throw new Error('demo marking: the school needs teacher01 and three teachers');
  return markDemoBlocks(db, {
    admin: target.actor,
    seId: target.seId,
    questions: questions.map((q) => ({ ...q, fullMark: Number(q.fullMark) })),
    waiting: actorOf(teacher01),
    markers: [actorOf(others[0]!), actorOf(others[1]!), actorOf(others[2]!)],
  });
}
