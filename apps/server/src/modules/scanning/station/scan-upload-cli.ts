// Watches a scanning station's output folder and uploads new scans to a running 慧考云 (issue #16):
//   HUIKAO_PASSWORD=… npm run scan-upload -- <文件夹> --exam <科目考试ID> --user <管理员账号>
//     [--server http://127.0.0.1:8080] [--room 第1考场] [--once] [--settle 2]
// The account is a school administrator's; the password comes from HUIKAO_PASSWORD (never a flag:
// flags show in the process list), the app key from APP_KEY as for the server. --once uploads what
// is in the folder, waits for its recognition and stops; without it the folder is watched until Ctrl+C.
import { watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { DEV_APP_KEY } from '../../../platform/config.ts';
import { ScanStation } from './scan-station.ts';
import { connectStation, StationError } from './station-client.ts';

const USAGE =
  '用法：HUIKAO_PASSWORD=密码 npm run scan-upload -- <扫描文件夹> --exam <科目考试ID> --user <管理员账号> [--server 地址] [--room 考场] [--once] [--settle 秒]';
const LOOK_EVERY_MS = 1000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  let parsed: ReturnType<typeof readArgs>;
  try {
    parsed = readArgs();
  } catch (error) {
    fail(`参数错误：${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const folder = positionals[0];
  if (!folder) fail(`缺少扫描文件夹\n${USAGE}`);
  if (!values.exam || !/^\d+$/.test(values.exam)) fail(`缺少 --exam 科目考试ID（数字）\n${USAGE}`);
  const loginName = values.user ?? process.env.HUIKAO_USER;
  if (!loginName) fail(`缺少 --user 管理员账号（或环境变量 HUIKAO_USER）\n${USAGE}`);
  const password = process.env.HUIKAO_PASSWORD;
  if (!password) fail('缺少环境变量 HUIKAO_PASSWORD（管理员密码）');
  const settle = Number(values.settle ?? '2');
  if (!Number.isFinite(settle) || settle < 0 || settle > 600) fail('--settle 应为 0 到 600 秒');
  if (!(await stat(folder).catch(() => null))?.isDirectory()) fail(`找不到文件夹：${folder}`);

  const server = values.server ?? process.env.HUIKAO_SERVER ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const client = await connectStation({ server, loginName, password, appKey: process.env.APP_KEY ?? DEV_APP_KEY });
  const log = (line: string) => console.log(line);
  log(`已登录 ${server}：${client.user.name}（${client.user.loginName}）`);
  const station = new ScanStation(client, {
    folder,
    seId: values.exam,
    room: values.room,
    settleMs: settle * 1000,
    log,
  });

  if (values.once) {
    // Two looks a settle period apart: files still being written are waited for.
    await station.sweep();
    for (;;) {
      await sleep(Math.max(settle * 1000, 200));
      if ((await station.sweep()) === 0) break;
    }
    while (!(await station.recognised())) {
      log((await station.progressLine()) ?? '');
      await sleep(2000);
    }
    const line = await station.progressLine();
    if (line) log(line);
    report(station, log);
    return;
  }

  log(`正在监视 ${folder}，新扫描件稳定 ${settle} 秒后上传；按 Ctrl+C 结束`);
  // fs.watch wakes the loop early; the regular look is what is relied on (network folders, editors).
  let wake: (() => void) | null = null;
  const watcher = watch(folder, { recursive: true }, () => wake?.());
  let stopping = false;
  process.on('SIGINT', () => {
    stopping = true;
    wake?.();
  });
  let lastProgress = 0;
  while (!stopping) {
    const sent = await station.sweep();
    if ((sent > 0 || Date.now() - lastProgress > 10_000) && station.batch) {
      const line = await station.progressLine().catch(() => null);
      if (line) log(line);
      lastProgress = Date.now();
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, LOOK_EVERY_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = null;
  }
  watcher.close();
  report(station, log);
}

function readArgs() {
  return parseArgs({
    allowPositionals: true,
    options: {
      exam: { type: 'string' },
      user: { type: 'string' },
      server: { type: 'string' },
      room: { type: 'string' },
      settle: { type: 'string' },
      once: { type: 'boolean' },
    },
  });
}

function report(station: ScanStation, log: (line: string) => void) {
  const t = station.totals;
  log(
    `完成：保存 ${t.stored} 个文件（${t.pages} 页），重复 ${t.duplicate} 个，拒收 ${t.refused} 个，上传失败 ${t.failed} 次`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

main().catch((error) =>
  fail(error instanceof StationError ? error.message : `扫描上传失败：${(error as Error).stack}`),
);
