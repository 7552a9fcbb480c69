import { DEFAULT_SCORE_CONFIG } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { DEFINITION_TOPICS, definitionSections } from './definitions.ts';

describe('口径说明', () => {
  it('has a Chinese section for every topic, population and rounding always included', () => {
    const sections = definitionSections(['basic']);
    expect(sections.map((s) => s.topic)).toEqual(['population', 'basic', 'rounding']);
    const all = definitionSections(DEFINITION_TOPICS);
    expect(all).toHaveLength(DEFINITION_TOPICS.length);
    for (const section of all) {
      expect(section.items.length).toBeGreaterThan(0);
      expect(section.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it("quotes the exam's own settings", () => {
    const text = (topics: Parameters<typeof definitionSections>[0], settings = {}) =>
      definitionSections(topics, settings)
        .flatMap((s) => s.items)
        .join('\n');
    expect(text(['rates'], { rates: { excellent: 90, good: 75, pass: 60, low: 30 } })).toContain(
      '优秀 90%，良好 75%，及格 60%，低分 30%',
    );
    expect(text(['critical'], { critical: { mode: 'rank', below: 20, above: 10, rankBand: 15 } })).toContain(
      '|名次 − 分数线名次| ≤ 15',
    );
    expect(
      text(['lines'], {
        lines: [
          { name: '一本线', kind: 'score', value: 520 },
          { name: '重点线', kind: 'rate', value: 0.15 },
        ],
      }),
    ).toContain('一本线 520 分；重点线 前 15.00%');
    expect(text(['class-evaluation'])).toContain(
      `0.3·达标率 + 0.4·平均得分率 + 0.1·secsARate + 0.2·secsBRate − 0.1·离散度`,
    );
    expect(text(['class-evaluation'])).toContain(`达标分（本次 ${DEFAULT_SCORE_CONFIG.classECSet.standardScore}）`);
    expect(text(['segments'])).toContain('单科 10，总分 50');
  });

  it("states the conventions of #22: line rank, class bands, a subject's 区分度, 校正题总相关", () => {
    const text = (topic: Parameters<typeof definitionSections>[0][number]) =>
      definitionSections([topic])
        .flatMap((s) => s.items)
        .join('\n');
    expect(text('critical')).toContain('L = ⌈p·N⌉');
    expect(text('critical')).toContain('L = M，即总分上线人数');
    expect(text('class-evaluation')).toContain('年级名次 ≤ ⌈0.2·N⌉');
    expect(text('class-evaluation')).toContain('⌈0.2·N⌉ < 年级名次 ≤ ⌈0.5·N⌉');
    expect(text('items')).toContain('Σ Fᵢ·Dᵢ ÷ Σ Fᵢ');
    expect(text('items')).toContain('校正题总相关');
  });
});
