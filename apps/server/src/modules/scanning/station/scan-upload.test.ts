import { execFile } from 'node:child_process';
import { appendFile, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { scanningScansApi as api, type ScanBatchStatus } from '@huikao/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../../test/factories.ts';
import { expectOk } from '../../../test/school-base-fixture.ts';
import { answersOf, ROOM, type ScanRoom, setUpScanRoom, sheetPage } from '../scans/scans-fixture.ts';
import { ScanStation } from './scan-station.ts';
import { connectStation, StationError } from './station-client.ts';

// The scan-upload command against a listening test server and a temp folder standing for a
// scanning station's output: files still growing are waited for, each file goes once, the server's
// checks refuse a broken file and recognise a copy as 重复文件, and the command itself (--once)
// uploads a folder and reports in Chinese.

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../../../../../..');

let s: ScanRoom;
let server: string;
let folder: string;
let sheets: Buffer[];
const lines: string[] = [];

beforeAll(async () => {
  s = await setUpScanRoom();
  server = await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  folder = await mkdtemp(path.join(tmpdir(), 'huikao-station-'));
  sheets = [];
  for (let i = 0; i < 2; i++) {
    for (let pageNo = 1; pageNo <= s.room.template.pages.length; pageNo++) {
      const fill = { examNo: s.room.students[i]!.examNo!, answers: answersOf(s.room.template, s.room.keys, i) };
      sheets.push(await sheetPage(s.room.rasters, s.room.template, pageNo, fill, 10 * i + pageNo));
    }
  }
}, 180_000);
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
  await s.t.close();
});

const station = async (settleMs: number) =>
  new ScanStation(
    await connectStation({
      server,
      loginName: s.adminTeacher.phone,
      password: TEST_PASSWORD,
      appKey: 'HuiKaoCloudDevAppKey0123456789ab',
    }),
    { folder, seId: s.room.seId, room: ROOM, settleMs, log: (line) => lines.push(line) },
  );

describe('a scanning station folder', () => {
  it('refuses an account that is not a school administrator, and a wrong password', async () => {
    const login = (loginName: string, password: string) =>
      connectStation({ server, loginName, password, appKey: 'HuiKaoCloudDevAppKey0123456789ab' });
    await expect(login(s.mathTeacherRow.phone, TEST_PASSWORD)).rejects.toThrow('扫描上传需要学校管理员账号');
    await expect(login(s.adminTeacher.phone, 'wrong-password')).rejects.toBeInstanceOf(StationError);
  });

  it('waits until a file stops growing, then sends each file once', async () => {
    const st = await station(1000);
    const half = Math.floor(sheets[0]!.length / 2);
    await writeFile(path.join(folder, 'scan-001.jpg'), sheets[0]!.subarray(0, half));
    await writeFile(path.join(folder, 'notes.txt'), 'scanner log');
    await mkdir(path.join(folder, '.thumbs'));
    await writeFile(path.join(folder, '.thumbs', 'scan-001.jpg'), sheets[1]!);

    const t0 = 1_000_000;
    expect(await st.sweep(t0)).toBe(0); // first look: only noted
    await appendFile(path.join(folder, 'scan-001.jpg'), sheets[0]!.subarray(half)); // the scanner is still writing
    expect(await st.sweep(t0 + 1500)).toBe(0); // it grew: noted again
    expect(await st.sweep(t0 + 2000)).toBe(0); // the same for less than the settle time
    expect(await st.sweep(t0 + 2600)).toBe(1); // settled: sent
    expect(await st.sweep(t0 + 9000)).toBe(0); // never twice

    const status = expectOk(await s.call<ScanBatchStatus>(api.batchStatus, { schoolId: s.sid, batchId: st.batch! }));
    expect(status.room).toBe(ROOM);
    expect(status.fileList.map((f) => [f.fileName, f.status, f.size])).toEqual([
      ['scan-001.jpg', 'stored', sheets[0]!.length],
    ]);
    expect(lines).toContain('  已保存 scan-001.jpg：1 页');
  });

  it('lets the server refuse a broken file and recognise a copy, nothing else affected', async () => {
    const st = await station(0);
    await writeFile(path.join(folder, 'scan-002.jpg'), sheets[1]!);
    await writeFile(path.join(folder, 'scan-003.jpg'), Buffer.from('not a jpeg at all'));
    await copyFile(path.join(folder, 'scan-001.jpg'), path.join(folder, 'scan-001-copy.jpg'));
    await st.sweep(1);
    // Re-looking at the old scan-001.jpg in a new run is harmless: the server knows its checksum.
    expect(await st.sweep(2)).toBe(4);
    expect(st.totals).toMatchObject({ stored: 1, refused: 1, duplicate: 2, failed: 0, pages: 1 });
    expect(lines.some((l) => l.startsWith('  已拒收 scan-003.jpg：'))).toBe(true);
    expect(lines.some((l) => l.startsWith('  重复文件 scan-001-copy.jpg'))).toBe(true);
    // The page of the first look's batch is recognised with it.
    expect(await s.t.app.scanRecognition.drain(2)).toBe(2);
    expect(await st.progressLine()).toMatch(/^识别进度：1 \/ 1 页已识别/);
  }, 60_000);

  it('as a command: uploads a folder with --once, waits for recognition and sums up in Chinese', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'huikao-station-cli-'));
    try {
      await writeFile(path.join(own, 'b-1.jpg'), sheets[2]!);
      await writeFile(path.join(own, 'b-2.jpg'), sheets[3]!);
      await s.t.app.scanRecognition.start();
      const { stdout } = await run(
        'npx',
        ['tsx', 'apps/server/src/modules/scanning/station/scan-upload-cli.ts', own, '--exam', s.room.seId, '--once'],
        {
          cwd: repoRoot,
          env: {
            ...process.env,
            HUIKAO_SERVER: server,
            HUIKAO_USER: s.adminTeacher.phone,
            HUIKAO_PASSWORD: TEST_PASSWORD,
          },
          timeout: 120_000,
        },
      ).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`scan-upload failed:\n${error.stdout}\n${error.stderr}`);
      });
      expect(stdout).toContain('已保存 b-1.jpg：1 页');
      expect(stdout).toContain('已保存 b-2.jpg：1 页');
      expect(stdout).toMatch(/识别进度：2 \/ 2 页已识别/);
      expect(stdout).toContain('完成：保存 2 个文件（2 页），重复 0 个，拒收 0 个');
    } finally {
      await s.t.app.scanRecognition.stop();
      await rm(own, { recursive: true, force: true });
    }
  }, 180_000);
});
