import { z } from 'zod';
import { emptyParams } from './common.ts';
import { endpoint } from './endpoint.ts';

// A school from nothing (issue #20): the first-run page asks whether the platform has a school,
// and creates the first one with its grades and administrator. The same rules serve the
// `npm run school:create` command.

export const SCHOOL_SETUP_MESSAGES = {
  alreadySetUp: '平台已有学校，初始化只能进行一次；请用管理员账号登录',
  codeTaken: '学校代码已被使用',
  adminTaken: '管理员账号已被使用',
  unknownGrade: (names: string) => `年级不存在：${names}`,
} as const;

/** The platform catalogue's grades (migration 0003), offered by the first-run page. */
export const CATALOGUE_GRADE_NAMES = [
  '一年级',
  '二年级',
  '三年级',
  '四年级',
  '五年级',
  '六年级',
  '七年级',
  '八年级',
  '九年级',
  '高一',
  '高二',
  '高三',
] as const;

export const schoolSetupParams = z.object({
  name: z.string({ error: '请填写学校名称' }).trim().min(2, '学校名称至少 2 个字').max(50, '学校名称最多 50 个字'),
  code: z
    .string({ error: '请填写学校代码' })
    .trim()
    .regex(/^[A-Za-z0-9]{2,16}$/, '学校代码为 2–16 位字母或数字')
    .transform((code) => code.toUpperCase()),
  adminLoginName: z
    .string({ error: '请填写管理员账号' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, '管理员账号为 4–32 位字母、数字或下划线，以字母开头'),
  grades: z
    .array(z.string().trim().min(1, '年级名称不能为空'), { error: '请选择年级' })
    .min(1, '请至少选择一个年级')
    .max(20, '年级最多 20 个'),
});
export type SchoolSetupParams = z.output<typeof schoolSetupParams>;

export const schoolSetupResultSchema = z.object({
  schoolId: z.string(),
  schoolName: z.string(),
  schoolCode: z.string(),
  adminLoginName: z.string(),
  /** Shown once; the administrator must change it at first login. */
  oneTimePassword: z.string(),
  grades: z.array(z.string()),
});
export type SchoolSetupResult = z.infer<typeof schoolSetupResultSchema>;

export const setupStatusSchema = z.object({ hasSchool: z.boolean() });
export type SetupStatus = z.infer<typeof setupStatusSchema>;

export const schoolSetupApi = {
  /** Public: whether the first-run page is needed. Says nothing but yes or no. */
  setupStatus: endpoint('schoolbase', 'setup/status', {
    kind: 'get',
    access: 'public',
    params: emptyParams,
    response: setupStatusSchema,
  }),
  /** Public, and only while the platform has no school at all: the first school and its administrator. */
  setupSchool: endpoint('schoolbase', 'setup/school', {
    kind: 'encrypted',
    access: 'public',
    params: schoolSetupParams,
    response: schoolSetupResultSchema,
    loading: true,
  }),
};
