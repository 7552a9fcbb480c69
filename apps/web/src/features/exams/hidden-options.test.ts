import { describe, expect, it } from 'vitest';
import { describeHiddenSetting, hiddenOptionsOf, hiddenSettingOf } from './hidden-options.ts';

describe('学生查看设置 checkboxes', () => {
  it('reads a 0 digit as an option turned on', () => {
    expect(hiddenOptionsOf('011')).toEqual([0]);
    expect(hiddenOptionsOf('111')).toEqual([]);
    expect(hiddenOptionsOf('000')).toEqual([0, 1, 2]);
    expect(hiddenOptionsOf('101')).toEqual([1]);
  });

  it('falls back to the default (ranks hidden) for a missing or malformed setting', () => {
    expect(hiddenOptionsOf(undefined)).toEqual([0]);
    expect(hiddenOptionsOf('12')).toEqual([0]);
  });

  it('writes the checked options back as the three digits, whatever their order', () => {
    expect(hiddenSettingOf([0])).toBe('011');
    expect(hiddenSettingOf([])).toBe('111');
    expect(hiddenSettingOf([2, 0])).toBe('010');
    for (const setting of ['000', '001', '010', '011', '100', '101', '110', '111']) {
      expect(hiddenSettingOf(hiddenOptionsOf(setting))).toBe(setting);
    }
  });

  it('describes a setting for the list', () => {
    expect(describeHiddenSetting('011')).toBe('隐藏名次');
    expect(describeHiddenSetting('100')).toBe('隐藏分数、隐藏班级年级统计');
    expect(describeHiddenSetting('111')).toBe('不隐藏');
  });
});
