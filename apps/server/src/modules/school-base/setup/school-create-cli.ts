// Creates a school, its grades and its first administrator (issue #20):
//   npm run school:create -- --name 某某中学 --code ABCD --admin admin --grades 七年级,八年级,九年级
// Missing settings are asked for on a terminal. The administrator's one-time password is printed
// once and must be changed at first login. Runs on the configured database (DATABASE_URL, or PGlite
// under DATA_DIR); while the server owns the data folder, through the server (platform/local-admin.ts).
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { schoolSetupParams } from '@huikao/contracts';
import { openCommandTarget } from '../../../platform/command-database.ts';
import { loadConfig } from '../../../platform/config.ts';
import { AppError } from '../../../platform/errors.ts';
import { callLocalAdmin, LocalAdminError } from '../../../platform/local-admin.ts';
import { createSchool } from './school-setup.ts';

const USAGE =
  '用法：npm run school:create -- --name 学校名称 --code 学校代码 --admin 管理员账号 --grades 七年级,八年级,九年级';
const FIELDS = [
  ['name', '学校名称'],
  ['code', '学校代码（字母或数字）'],
  ['admin', '管理员账号'],
  ['grades', '年级（用逗号分隔，如 七年级,八年级,九年级）'],
] as const;
type Field = (typeof FIELDS)[number][0];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readSettings(): Promise<Record<Field, string>> {
  let values: Partial<Record<Field, string>>;
  try {
    values = parseArgs({
      options: Object.fromEntries(FIELDS.map(([field]) => [field, { type: 'string' as const }])),
    }).values as Partial<Record<Field, string>>;
  } catch (error) {
    fail(`参数错误：${(error as Error).message}\n${USAGE}`);
  }
  const missing = FIELDS.filter(([field]) => !values[field]?.trim());
  if (missing.length === 0) return values as Record<Field, string>;
  if (!stdin.isTTY) fail(`缺少 ${missing.map(([field]) => `--${field}`).join('、')}\n${USAGE}`);
  const prompt = createInterface({ input: stdin, output: stdout });
  try {
    for (const [field, label] of missing) values[field] = await prompt.question(`${label}：`);
  } finally {
    prompt.close();
  }
  return values as Record<Field, string>;
}

const settings = await readSettings();
const parsed = schoolSetupParams.safeParse({
  name: settings.name,
  code: settings.code,
  adminLoginName: settings.admin,
  grades: settings.grades.split(/[,，、\s]+/).filter(Boolean),
});
if (!parsed.success) fail(parsed.error.issues.map((issue) => issue.message).join('；'));

const target = await openCommandTarget(loadConfig());
try {
  const school = target.database
    ? await createSchool(target.database.db, parsed.data, { onlyFirst: false })
    : await callLocalAdmin<Awaited<ReturnType<typeof createSchool>>>(
        target.server,
        'school-base/create-school',
        parsed.data,
      );
  console.log(`已创建学校：${school.schoolName}（${school.schoolCode}），年级：${school.grades.join('、')}`);
  console.log(`管理员账号：${school.adminLoginName}`);
  console.log(`一次性密码：${school.oneTimePassword}  （只显示这一次；首次登录后必须修改）`);
} catch (error) {
  if (!(error instanceof AppError || error instanceof LocalAdminError)) throw error;
  process.exitCode = 1;
  console.error(error.message);
} finally {
  await target.database?.close();
}
