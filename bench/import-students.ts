// Measures the Excel import of issue #3 on the embedded database: a 10,000-row students .xlsx
// uploaded for preview (parse + checks) and committed with the batch add call, over real HTTP
// with a real session, then the same file again (every row unchanged). Target: under 10 s.
// Run: npx tsx bench/import-students.ts (BENCH_DATABASE_URL=postgres://… for PostgreSQL).
// Prints its figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  authApi,
  type Endpoint,
  type ImportPreview,
  type ImportResult,
  type StoredUser,
  schoolBaseApi,
} from '@huikao/contracts';
import { buildEncryptedRequest } from '@huikao/protocol';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { DEMO_PASSWORD, seedDemoSchool } from '../apps/server/src/db/seed/demo-school.ts';
import { DEV_APP_KEY, loadConfig } from '../apps/server/src/platform/config.ts';

const ROWS = 10_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function studentsWorkbook(classNames: string[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('学生');
  sheet.addRow(['姓名*', '性别*', '学号*', '考号', '班级*']);
  for (let i = 0; i < ROWS; i++) {
    sheet.addRow([
      `测试学生${i}`,
      i % 2 ? '女' : '男',
      `B${String(i).padStart(6, '0')}`,
      `K${i}`,
      classNames[i % classNames.length],
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function envelope<T>(response: Response): Promise<T> {
  const body = (await response.json()) as { status: number; message: string; data: T };
  if (response.status !== 200 || body.status !== 200)
    throw new Error(`call failed: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'huikao-bench-import-'));
const app = await buildApp(
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'error', DATABASE_URL: process.env.BENCH_DATABASE_URL }),
  { logger: false },
);
// The demo school: 36 classes and 1,620 students already there, as in a real school.
await seedDemoSchool(app.platform.database.db);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = buildEncryptedRequest({ loginName: 'admin01', password: DEMO_PASSWORD }, DEV_APP_KEY, {
  loginName: '',
  guid: randomUUID(),
  timestamp: Date.now(),
});
const admin = await envelope<StoredUser>(
  await fetch(url + authApi.userLogin.path, {
    method: 'POST',
    headers: { ...login.headers, 'content-type': login.contentType },
    body: login.body,
  }),
);
const headers = { loginName: admin.loginName, jwtToken: admin.jwtToken };
const classNames = ['七年级', '八年级', '九年级', '高一', '高二', '高三'].flatMap((g) =>
  [1, 2, 3, 4, 5, 6].map((n) => `${g}(${n})班`),
);

const g0 = performance.now();
const file = await studentsWorkbook(classNames);
console.log(
  `generate ${ROWS} rows .xlsx (ExcelJS, in memory): ${seconds(performance.now() - g0)}, ${(file.length / 1024).toFixed(0)} KB`,
);

async function preview(): Promise<ImportPreview> {
  const form = new FormData();
  form.append('schoolId', String(admin.schoolId));
  form.append('kind', 'students');
  form.append('file', new Blob([new Uint8Array(file)]), '学生导入.xlsx');
  return envelope<ImportPreview>(
    await fetch(url + schoolBaseApi.importPreview.path, { method: 'POST', headers, body: form }),
  );
}

async function commit(rows: ImportPreview['rows']): Promise<ImportResult> {
  const endpoint: Endpoint = schoolBaseApi.batchAddStudents;
  const body = JSON.stringify({ schoolId: admin.schoolId, rows: rows.map(({ rowNo, values }) => ({ rowNo, values })) });
  return envelope<ImportResult>(
    await fetch(url + endpoint.path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    }),
  );
}

async function round(label: string) {
  const t0 = performance.now();
  const previewed = await preview();
  const t1 = performance.now();
  const result = await commit(previewed.rows);
  const t2 = performance.now();
  const total = t2 - t0;
  console.log(
    `${label}: preview (upload + parse + checks) ${seconds(t1 - t0)}, commit (batch add) ${seconds(t2 - t1)}, ` +
      `total ${seconds(total)} = ${(ROWS / (total / 1000)).toFixed(0)} rows/s ` +
      `[valid ${previewed.validCount}, errors ${previewed.errorCount}; created ${result.created}, ` +
      `updated ${result.updated}, unchanged ${result.unchanged}, skipped ${result.skipped.length}]`,
  );
}

await round(`import ${ROWS} students (${app.platform.database.kind})`);
await round('same file again (re-run, every row unchanged)');

await app.close();
rmSync(dataDir, { recursive: true, force: true });
