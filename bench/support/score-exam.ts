// Shared set-up of the score benches (not a bench itself: scripts/bench.mjs runs bench/*.ts only).
// A fresh embedded database with one school: 20 classes × 50 students of grade 8, an administrator,
// and a multi-exam of 9 subjects × 25 questions (15 objective, 10 subjective, 100 marks), every
// student sitting every subject. Everything is inserted directly; only the measured steps use HTTP.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authApi, type Endpoint, type StoredUser } from '@huikao/contracts';
import { buildEncryptedRequest } from '@huikao/protocol';
import { buildApp } from '../../apps/server/src/app.ts';
import { classes, classYears, students, users } from '../../apps/server/src/db/schema.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/index.ts';
import { DEV_APP_KEY, loadConfig } from '../../apps/server/src/platform/config.ts';
import {
  makeArea,
  makeGrade,
  makeSchool,
  makeSchoolYear,
  makeTeacher,
  TEST_PASSWORD,
} from '../../apps/server/src/test/factories.ts';
import { makeExam, type QuestionSpec } from '../../apps/server/src/test/scores-factories.ts';

export const CLASSES = 20;
export const PER_CLASS = 50;
export const COURSES = [1, 2, 3, 4, 5, 6, 7, 9, 10];
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** 10 单选 × 3, 2 多选 × 5 (少选 2), 3 判断 × 2, 6 subjective × 5 and 4 × 6: 25 questions, 100 marks. */
export const QUESTIONS: QuestionSpec[] = [
  ...Array.from({ length: 10 }, (_, i) => ({
    questionNo: String(i + 1),
    kind: 1 as const,
    objectiveType: 1 as const,
    answer: 'ABCD'[i % 4]!,
    fullMark: 3,
  })),
  { questionNo: '11', kind: 1, objectiveType: 2, answer: 'AC', fullMark: 5, partialMark: 2 },
  { questionNo: '12', kind: 1, objectiveType: 2, answer: 'BD', fullMark: 5, partialMark: 2 },
  { questionNo: '13', kind: 1, objectiveType: 3, answer: 'T', fullMark: 2 },
  { questionNo: '14', kind: 1, objectiveType: 3, answer: 'F', fullMark: 2 },
  { questionNo: '15', kind: 1, objectiveType: 3, answer: 'T', fullMark: 2 },
  ...Array.from({ length: 10 }, (_, i) => ({ questionNo: String(16 + i), kind: 2 as const, fullMark: i < 6 ? 5 : 6 })),
];

export async function setUpScoreBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-bench-scores-'));
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
    }),
    { logger: false },
  );
  const db = app.platform.database.db;
  const area = await makeArea(db, '基准区');
  const school = await makeSchool(db, { name: '基准中学', areaId: area.id });
  const { year, terms } = await makeSchoolYear(db, school.id, 2025);
  await makeGrade(db, school.id, 8, COURSES);
  const admin = await makeTeacher(db, { schoolId: school.id, type: 5, name: '基准教务' });

  const classRows = await db
    .insert(classes)
    .values(
      Array.from({ length: CLASSES }, (_, c) => ({
        schoolId: school.id,
        name: `八年级(${c + 1})班`,
        gradeId: 8,
        enterYear: 2024,
      })),
    )
    .returning();
  await db.insert(classYears).values(classRows.map((c) => ({ classId: c.id, schoolYearId: year.id, gradeId: 8 })));
  const hash = await hashPassword(TEST_PASSWORD);
  const people = classRows.flatMap((c, ci) =>
    Array.from({ length: PER_CLASS }, (_, i) => ({
      classId: c.id,
      no: `B${String(ci * PER_CLASS + i + 1).padStart(5, '0')}`,
    })),
  );
  const userRows = await db
    .insert(users)
    .values(
      people.map((p) => ({
        loginName: `bench${p.no}`,
        passwordHash: hash,
        type: 2,
        schoolId: school.id,
        userCode: p.no,
        name: `学生${p.no}`,
      })),
    )
    .returning({ id: users.id });
  const studentRows = await db
    .insert(students)
    .values(
      people.map((p, i) => ({
        schoolId: school.id,
        userId: userRows[i]!.id,
        classId: p.classId,
        name: `学生${p.no}`,
        gender: 1,
        studentNo: p.no,
      })),
    )
    .returning({ id: students.id, classId: students.classId });
  const exam = await makeExam(db, {
    schoolId: school.id,
    schoolYearId: year.id,
    termId: terms[0]!.id,
    name: '八年级期中考试',
    subjects: COURSES.map((courseId) => ({ courseId, fullMark: 100, questions: QUESTIONS })),
    students: studentRows,
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const session = await callJson<StoredUser>(
    url,
    authApi.userLogin,
    { loginName: admin.phone, password: TEST_PASSWORD },
    null,
  );

  return {
    app,
    url,
    session,
    schoolId: String(school.id),
    meId: String(exam.multi.id),
    kind: app.platform.database.kind,
    call: <T>(endpoint: Endpoint, params: unknown) => callJson<T>(url, endpoint, params, session),
    callFile: (endpoint: Endpoint, params: unknown) => callFile(url, endpoint, params, session),
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function encrypted(url: string, endpoint: Endpoint, params: unknown, session: StoredUser | null) {
  const request = buildEncryptedRequest(params, session?.token ?? DEV_APP_KEY, {
    loginName: session?.loginName ?? '',
    guid: randomUUID(),
    timestamp: Date.now(),
    jwtToken: session?.jwtToken,
  });
  return fetch(url + endpoint.path, {
    method: 'POST',
    headers: { ...request.headers, 'content-type': request.contentType },
    body: request.body,
  });
}

async function callJson<T>(url: string, endpoint: Endpoint, params: unknown, session: StoredUser | null): Promise<T> {
  const response = await encrypted(url, endpoint, params, session);
  const body = (await response.json()) as { status: number; message: string; data: T };
  if (response.status !== 200 || body.status !== 200) {
    throw new Error(`${endpoint.name} failed: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.data;
}

async function callFile(url: string, endpoint: Endpoint, params: unknown, session: StoredUser): Promise<Buffer> {
  const response = await encrypted(url, endpoint, params, session);
  if (response.status !== 200 || String(response.headers.get('content-type')).startsWith('application/json')) {
    throw new Error(`${endpoint.name} failed: ${(await response.text()).slice(0, 300)}`);
  }
  return Buffer.from(await response.arrayBuffer());
}

/** Deterministic pseudo-random numbers (mulberry32), so every run fills the same scores. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
