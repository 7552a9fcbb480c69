import { analysisSettingsSchema, DEFAULT_SCORE_CONFIG, scoreConfigSchema } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import {
  chineseMessage,
  classIdsToSend,
  configErrors,
  cumulativeShares,
  levelRangeError,
  levelRowsOf,
  levelsToSend,
  mergeScoreConfig,
  NEW_SCHEME_LEVELS,
  publishSettingsOf,
  ratesOrderError,
  shareTotalError,
} from './settings-form.ts';

describe('settings defaults and merging', () => {
  it('gives the defaults for nothing stored, as a copy', () => {
    const config = mergeScoreConfig(null);
    expect(config).toEqual(DEFAULT_SCORE_CONFIG);
    config.rates.excellent = 1;
    expect(DEFAULT_SCORE_CONFIG.rates.excellent).toBe(85);
  });

  it('keeps stored fields and fills missing ones from the defaults', () => {
    const config = mergeScoreConfig({
      rates: { excellent: 90, good: 75, pass: 60, low: 30 },
      lines: [{ name: '特控线', kind: 'score', value: 520 }],
      segments: { single: 20 } as never,
    });
    expect(config.rates.excellent).toBe(90);
    expect(config.lines).toEqual([{ name: '特控线', kind: 'score', value: 520 }]);
    expect(config.segments).toEqual({ single: 20, total: 50 });
    expect(config.classRSRSet).toEqual(DEFAULT_SCORE_CONFIG.classRSRSet);
    expect(scoreConfigSchema.safeParse(config).success).toBe(true);
  });

  it('starts a publish with every class of the exam when none or unknown ones were stored', () => {
    const classes = ['11', '12', '13'];
    expect(publishSettingsOf(null, classes).classIds).toEqual(classes);
    expect(publishSettingsOf({ classIds: [] }, classes).classIds).toEqual(classes);
    expect(publishSettingsOf({ classIds: ['99'] }, classes).classIds).toEqual(classes);
    expect(publishSettingsOf({ classIds: ['12', '99'], elaId: '-1' }, classes)).toMatchObject({
      classIds: ['12'],
      elaId: '-1',
    });
    expect(analysisSettingsSchema.safeParse(publishSettingsOf(null, classes)).success).toBe(true);
  });

  it('sends all classes as the empty list, a subset as itself', () => {
    expect(classIdsToSend(['13', '11', '12'], ['11', '12', '13'])).toEqual([]);
    expect(classIdsToSend(['11'], ['11', '12', '13'])).toEqual(['11']);
  });
});

describe('Chinese messages for the contract schema', () => {
  it('keeps Chinese messages of the contract', () => {
    const errors = configErrors({ ...DEFAULT_SCORE_CONFIG, segments: { single: 60, total: 50 } });
    expect(errors).toEqual([{ name: ['segments', 'single'], message: '单科分段宽度最大为50' }]);
  });

  it('names the field and the bound for English zod messages', () => {
    const errors = configErrors({
      ...DEFAULT_SCORE_CONFIG,
      rates: { ...DEFAULT_SCORE_CONFIG.rates, excellent: 120 },
      bands: { secsA: -0.1, secsB: 0.5 },
    });
    expect(errors).toEqual([
      { name: ['rates', 'excellent'], message: '优秀率不能大于100' },
      { name: ['bands', 'secsA'], message: '前段比例不能小于0' },
    ]);
  });

  it('names lines by their field inside the list', () => {
    const lines = [{ name: '', kind: 'score', value: 10 }];
    const errors = configErrors({ ...DEFAULT_SCORE_CONFIG, lines });
    expect(errors).toEqual([{ name: ['lines', 0, 'name'], message: '请输入分数线名称' }]);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `线${i}`, kind: 'score', value: i }));
    expect(configErrors({ ...DEFAULT_SCORE_CONFIG, lines: six })[0]?.message).toBe('分数线最多5条');
  });

  it('says what is missing for an empty number', () => {
    expect(chineseMessage({ path: ['imbalanceThreshold'], message: 'Invalid input', code: 'invalid_type' })).toBe(
      '请填写偏科阈值',
    );
  });

  it('checks the rate thresholds fall from 优秀 to 低分', () => {
    expect(ratesOrderError(DEFAULT_SCORE_CONFIG.rates)).toBeNull();
    expect(ratesOrderError({ excellent: 60, good: 70, pass: 60, low: 40 })?.message).toMatch(/优秀 ≥ 良好/);
  });
});

describe('level shares', () => {
  it('adds shares cumulatively without floating noise', () => {
    expect(cumulativeShares([{ sharePercent: 10.1 }, { sharePercent: 20.2 }, { sharePercent: 69.7 }])).toEqual([
      10.1, 30.3, 100,
    ]);
    expect(shareTotalError([{ sharePercent: 10.1 }, { sharePercent: 20.2 }, { sharePercent: 69.7 }])).toBeNull();
  });

  it('refuses a total other than 100%', () => {
    expect(shareTotalError([{ sharePercent: 50 }, { sharePercent: 40 }])).toBe('各等级比例之和应为100%，当前为90%');
    expect(shareTotalError([])).toBe('各等级比例之和应为100%，当前为0%');
  });

  it('converts percentages to the contract fractions and back', () => {
    const sent = levelsToSend(NEW_SCHEME_LEVELS);
    expect(sent.map((level) => level.share)).toEqual([0.15, 0.35, 0.35, 0.13, 0.02]);
    expect(levelRowsOf(sent)).toEqual(NEW_SCHEME_LEVELS);
    expect(shareTotalError(NEW_SCHEME_LEVELS)).toBeNull();
  });

  it('refuses a range whose upper bound is below its lower one', () => {
    expect(levelRangeError(NEW_SCHEME_LEVELS)).toBeNull();
    expect(levelRangeError([{ name: 'A', sharePercent: 100, high: 50, low: 60 }])).toBe(
      '等级“A”的赋分上限不能低于下限',
    );
  });
});
