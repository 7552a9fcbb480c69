import { describe, expect, it } from 'vitest';
import { anyIdSchema, dateSchema, idSchema, importCellsSchema, textSchema } from './common.ts';
import { scoreInputSchema } from './exam-score-models.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('idSchema: what the database stores', () => {
  it('takes a positive safe integer as a number or ASCII digits, as its digit string', () => {
    expect(idSchema('学科').parse(2)).toBe('2');
    expect(idSchema('学科').parse(' 007 ')).toBe('7');
    expect(idSchema('学科').parse('9007199254740991')).toBe('9007199254740991');
  });

  it.each(['1.5', 'abc', '１', '99999999999999999999', '9007199254740992', '-3', '0', 1.5, -1, 0, 1e20])(
    'refuses %j naming the field',
    (value) => {
      expect(messageOf(idSchema('学科').safeParse(value))).toMatch(/^学科编号不正确：/);
    },
  );

  it('says a missing id is missing; a filter treats empty and 0 as "any"', () => {
    expect(messageOf(idSchema('学科').safeParse(undefined))).toBe('学科不能为空');
    expect(messageOf(idSchema('学科').safeParse(''))).toBe('学科不能为空');
    expect(anyIdSchema('年级').parse('0')).toBeUndefined();
    expect(anyIdSchema('年级').parse('')).toBeUndefined();
    expect(anyIdSchema('年级').parse(8)).toBe('8');
    expect(messageOf(anyIdSchema('年级').safeParse('8.5'))).toBe('年级编号不正确：8.5');
  });
});

describe('textSchema: text the database can take', () => {
  const name = textSchema('班级名称', { min: 1, max: 30 });
  it('refuses control characters and lone surrogates, keeps tab, newline and paired surrogates', () => {
    expect(messageOf(name.safeParse('一班\u0000'))).toBe('班级名称不能包含控制字符');
    expect(messageOf(name.safeParse('一\u001b班'))).toBe('班级名称不能包含控制字符');
    expect(messageOf(name.safeParse('一班\ud800'))).toBe('班级名称包含无效字符');
    expect(messageOf(name.safeParse('\udc00一班'))).toBe('班级名称包含无效字符');
    expect(name.parse(' 一\t班😀 ')).toBe('一\t班😀');
  });

  it('names the field when missing, empty or too long', () => {
    expect(messageOf(name.safeParse(undefined))).toBe('班级名称不能为空');
    expect(messageOf(name.safeParse('  '))).toBe('班级名称不能为空');
    expect(messageOf(name.safeParse('班'.repeat(31)))).toBe('班级名称最多30个字符');
  });

  it('applies to imported cells and to choices in a score row', () => {
    expect(messageOf(importCellsSchema.safeParse({ 姓名: '钱\u0000五' }))).toBe('单元格不能包含控制字符');
    const row = { studentId: '1', choices: { '5': 'A\u0000' } };
    expect(messageOf(scoreInputSchema.safeParse(row))).toBe('选项不能包含控制字符');
  });
});

describe('dateSchema: a date that exists', () => {
  it.each(['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '1900-02-29'])('refuses %s', (value) => {
    expect(messageOf(dateSchema('开始日期').safeParse(value))).toBe(`开始日期 ${value} 不是有效日期`);
  });

  it('takes real dates, leap days included, and says when the form is wrong', () => {
    expect(dateSchema('开始日期').parse('2024-02-29')).toBe('2024-02-29');
    expect(dateSchema('开始日期').parse('2000-02-29')).toBe('2000-02-29');
    expect(messageOf(dateSchema('开始日期').safeParse('2026/02/01'))).toBe('开始日期格式应为 YYYY-MM-DD');
  });
});
