import { DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { runSettings } from './settings.ts';

// Stored exam settings are a copy taken when the exam was created: older rows lack later fields,
// and each missing field (also inside nested objects) takes its default on its own.

describe('runSettings', () => {
  it('fills every missing field from the defaults, one by one', () => {
    const stored = {
      rates: { excellent: 90 },
      lines: [{ name: '一本线', kind: 'score', value: 600 }],
      critical: { mode: 'rank', rankBand: 5 },
      classIds: ['12', 13],
      elaId: -2,
    };
    const settings = runSettings(stored as never);
    expect(settings.rates).toEqual({ excellent: 90, good: 70, pass: 60, low: 40 });
    expect(settings.lines).toEqual([{ name: '一本线', kind: 'score', value: 600 }]);
    expect(settings.critical).toEqual({ mode: 'rank', below: 20, above: 10, rankBand: 5 });
    expect(settings).toMatchObject({
      segments: DEFAULT_SCORE_CONFIG.segments,
      classECSet: DEFAULT_SCORE_CONFIG.classECSet,
      excludeZero: false,
      studentDisclosure: 'beat',
      classIds: ['12', '13'],
      elaId: '-2',
    });
  });

  it('ignores values of the wrong type and treats a missing row as the defaults', () => {
    const settings = runSettings({ excludeZero: 'yes', imbalanceThreshold: null, lines: 'none' } as never);
    expect(settings).toMatchObject({ excludeZero: false, imbalanceThreshold: 1, lines: DEFAULT_SCORE_CONFIG.lines });
    expect(runSettings(null)).toEqual({ ...DEFAULT_SCORE_CONFIG, classIds: [], elaId: null });
  });
});
