import { DEFAULT_HIDDEN_STUDENT_ORDER, HIDDEN_OPTIONS, hiddenOptionOn } from '@huikao/contracts';

// 学生查看设置 (spec §3 hidden-student-order): three digits, a 0 turns an option on. The form shows
// the options as checkboxes; these two functions are the only place the digits are read or written.

/** The checkbox options: value = the option's index in HIDDEN_OPTIONS. */
export const HIDDEN_OPTION_CHOICES = HIDDEN_OPTIONS.map((label, index) => ({ label, value: index }));

/** The indexes of the options a setting turns on ('011' → [0]). Unreadable settings fall back to the default. */
export function hiddenOptionsOf(setting: string | null | undefined): number[] {
  const digits = setting && /^[01]{3}$/.test(setting) ? setting : DEFAULT_HIDDEN_STUDENT_ORDER;
  return HIDDEN_OPTIONS.flatMap((_label, index) => (hiddenOptionOn(digits, index) ? [index] : []));
}

/** The setting of the checked options ([0] → '011'). */
export function hiddenSettingOf(checked: readonly number[]): string {
  return HIDDEN_OPTIONS.map((_label, index) => (checked.includes(index) ? '0' : '1')).join('');
}

/** 隐藏名次、隐藏分数 … for a list, or 不隐藏 when none is on. */
export function describeHiddenSetting(setting: string): string {
  const on = hiddenOptionsOf(setting).map((index) => HIDDEN_OPTIONS[index]);
  return on.length > 0 ? on.join('、') : '不隐藏';
}
