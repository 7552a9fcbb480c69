import { z } from 'zod';

// zod 4 reports a missing key of a `z.coerce.*` schema as "expected nonoptional" and ignores the
// schema's own message, so required ids and numbers are unions instead: the field's Chinese
// message shows for a missing value too.

/**
 * A database id: the tables' keys are PostgreSQL bigint read as JavaScript numbers, so an id is a
 * positive integer no larger than Number.MAX_SAFE_INTEGER, given as a number or as ASCII digits
 * (old clients send numbers). It travels on as its canonical digit string. Anything else (`1.5`,
 * `abc`, full-width `１`, past 2^53) is refused here, naming the field and showing the value.
 */
export const idSchema = (field: string) =>
  z.union([z.string(), z.number()], { error: `${field}不能为空` }).transform((value, ctx) => {
    const given = typeof value === 'string' ? value.trim() : value;
    if (given === '') {
      ctx.addIssue({ code: 'custom', message: `${field}不能为空` });
      return z.NEVER;
    }
    const id = typeof given === 'number' ? given : /^\d{1,16}$/.test(given) ? Number(given) : Number.NaN;
    if (!Number.isSafeInteger(id) || id < 1) {
      ctx.addIssue({ code: 'custom', message: `${field}编号不正确：${excerpt(String(given))}` });
      return z.NEVER;
    }
    return String(id);
  });

/** A refused value as a message may show it: printable, at most 20 characters. */
function excerpt(value: string): string {
  const printable = value.replace(/\p{Cc}|\p{Cs}/gu, '?');
  return printable.length > 20 ? `${printable.slice(0, 20)}…` : printable;
}

/**
 * An optional id filter: absent, null, empty or 0 (spec §9's default filter strings) mean "any"
 * (undefined); anything else follows `idSchema`.
 */
export const anyIdSchema = (field: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: `${field}编号不正确` })
    .optional()
    .transform((v) => (v === undefined || v === null || /^\s*0*\s*$/.test(String(v)) ? undefined : v))
    .pipe(idSchema(field).optional());

/**
 * A code or account name that is text, not a database id (a login name, a user code): the text
 * rules of `textSchema`, required, at most 64 characters.
 */
export const codeSchema = (field: string) => textSchema(field, { min: 1, max: 64 });

// Control characters other than tab, newline and carriage return: PostgreSQL refuses NUL in text
// and jsonb, and none of the others belongs in a name, a keyword or a file name.
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
// A UTF-16 surrogate without its partner cannot be written as UTF-8 (with the u flag a paired one
// is one code point, so \p{Cs} finds only the lone ones).
const LONE_SURROGATE = /\p{Cs}/u;

/** The text rules every string parameter follows, as a check to add to a string schema. */
export const textRules = (field: string) => (value: string, ctx: z.RefinementCtx) => {
  if (CONTROL.test(value)) ctx.addIssue({ code: 'custom', message: `${field}不能包含控制字符` });
  else if (LONE_SURROGATE.test(value)) ctx.addIssue({ code: 'custom', message: `${field}包含无效字符` });
};

/**
 * A string parameter under the text rules, to chain `.trim()`, `.min()`, `.max()` on as with
 * `z.string()`; `error` is the message for a value that is not text (default: the field's name).
 */
export const textInput = (field: string, error = `${field}必须是文字`) =>
  z.string({ error }).superRefine(textRules(field));

/**
 * The cells of one imported spreadsheet row, by column title, as the preview read them: titles and
 * values follow the text rules too, since they become names and codes.
 */
export const importCellsSchema = z.record(
  z.string().superRefine(textRules('列标题')),
  z.coerce.string().superRefine(textRules('单元格')),
);

/**
 * A text parameter (a name, a keyword, a file name): trimmed, no control characters other than
 * tab and newline, no lone surrogates, within `min`..`max` characters; every message names the field.
 */
export const textSchema = (field: string, limits: { min?: number; max: number; trim?: boolean }) => {
  const text = z
    .string({ error: (issue) => (issue.input === undefined ? `${field}不能为空` : `${field}必须是文字`) })
    .superRefine(textRules(field));
  const trimmed = limits.trim === false ? text : text.transform((v) => v.trim());
  return trimmed.pipe(
    z
      .string()
      .min(limits.min ?? 0, limits.min ? `${field}不能为空` : undefined)
      .max(limits.max, `${field}最多${limits.max}个字符`),
  );
};

/** A number sent as a number or as numeric text (query parameters are text); `message` names the field. */
export const numberSchema = (message: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: message },
  );

/** A whole number from `min` to `max` (a status, a type code), sent as a number or as digits. */
export const intInSchema = (message: string, min: number, max: number) =>
  numberSchema(message).pipe(z.number().int(message).min(min, message).max(max, message));

/**
 * A calendar date as YYYY-MM-DD that exists (zod's ISO date knows month lengths and leap years,
 * so `2026-02-30` is refused), read in the school's time zone (Asia/Shanghai).
 */
export const dateSchema = (field: string) =>
  z
    .string({ error: `${field}不能为空` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field}格式应为 YYYY-MM-DD`)
    .pipe(z.iso.date({ error: (issue) => `${field} ${String(issue.input)} 不是有效日期` }));

/** User types of spec §6: 1 teacher, 5 school administrator, 2 student, 4 school or district manager. */
export const USER_TYPES = [1, 2, 4, 5] as const;
export type UserType = (typeof USER_TYPES)[number];
export const userTypeSchema = numberSchema('用户类型必须是数字').refine(
  (t): t is UserType => (USER_TYPES as readonly number[]).includes(t),
  '用户类型只能是 1、2、4 或 5',
);

export const USER_TYPE_NAMES: Record<UserType, string> = {
  1: '任课教师',
  2: '学生',
  4: '学校/区域管理者',
  5: '教务管理员',
};

// Unknown keys are dropped rather than refused, so older clients that send extra fields still work.
export const emptyParams = z.object({});
