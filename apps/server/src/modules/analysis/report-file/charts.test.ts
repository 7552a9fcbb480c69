import type { SegmentRow } from '@huikao/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_FONTS_CONFIG } from '../../../platform/fonts.ts';
import { segmentsChart } from './charts.ts';

// The report's charts are drawn with the project's fonts: fontconfig (under sharp) is pointed at
// fonts.conf before the first chart lays out its text, so 宋体/黑体 become the Noto CJK fonts.

const segment = (low: number, count: number): SegmentRow => ({
  low,
  high: low + 10,
  closedTop: low === 90,
  count,
  cumulative: count,
  share: 0,
  cumulativeShare: 0,
});
const saved = process.env.FONTCONFIG_FILE;
afterAll(() => {
  if (saved === undefined) delete process.env.FONTCONFIG_FILE;
  else process.env.FONTCONFIG_FILE = saved;
});

describe('report charts', () => {
  it('are drawn as PNG with the project fonts', async () => {
    delete process.env.FONTCONFIG_FILE;
    const png = await segmentsChart([segment(90, 3), segment(80, 5)], 10);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(process.env.FONTCONFIG_FILE).toBe(PROJECT_FONTS_CONFIG);
  });
});
