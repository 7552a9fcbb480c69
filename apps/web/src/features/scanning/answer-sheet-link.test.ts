import { describe, expect, it } from 'vitest';
import { signedSheetParams } from './answer-sheet-link.ts';

describe('/answerSheet link', () => {
  it('reads a complete link', () => {
    const sign = 'a'.repeat(64);
    expect(signedSheetParams(new URLSearchParams(`templateId=12&version=2&expires=1800000000&sign=${sign}`))).toEqual({
      templateId: '12',
      version: 2,
      expires: 1_800_000_000,
      sign,
    });
  });

  it('refuses a link with a part missing or not a number', () => {
    expect(signedSheetParams(new URLSearchParams('templateId=12&version=2&expires=1800000000'))).toBeNull();
    expect(signedSheetParams(new URLSearchParams('templateId=12&version=x&expires=1&sign=ab'))).toBeNull();
    expect(signedSheetParams(new URLSearchParams(''))).toBeNull();
  });
});
