import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PROJECT_FONTS_CONFIG, withProjectFonts } from './fonts.ts';

// 宋体 and 黑体 as fontconfig resolves them under the project's fonts.conf: the configuration
// itself (fc-pattern applies it without needing the fonts), and, where fonts-noto-cjk is
// installed, a chart's 宋体 text drawn by sharp with the Noto serif.

const hasTool = (tool: string) => {
  try {
    execFileSync(tool, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const familiesOf = (family: string) =>
  execFileSync('fc-pattern', ['-c', '-f', '%{family}', family], {
    env: withProjectFonts({ ...process.env, FONTCONFIG_FILE: '' }),
  })
    .toString()
    .split(',');
const notoSerifInstalled =
  hasTool('fc-list') && execFileSync('fc-list', [':family=Noto Serif CJK SC']).toString().trim() !== '';

describe('the project fonts', () => {
  it('ship with the server and go to programs that draw pages, unless the operator chose a configuration', () => {
    expect(existsSync(PROJECT_FONTS_CONFIG)).toBe(true);
    expect(withProjectFonts({ PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', FONTCONFIG_FILE: PROJECT_FONTS_CONFIG });
    expect(withProjectFonts({ FONTCONFIG_FILE: '/etc/school/fonts.conf' }).FONTCONFIG_FILE).toBe(
      '/etc/school/fonts.conf',
    );
  });

  it.skipIf(!hasTool('fc-pattern'))('map 宋体 to the Noto serif and 黑体 to the Noto sans, first', () => {
    for (const family of ['宋体', 'SimSun', '仿宋', '楷体']) expect(familiesOf(family)[0]).toBe('Noto Serif CJK SC');
    for (const family of ['黑体', 'SimHei', '微软雅黑']) expect(familiesOf(family)[0]).toBe('Noto Sans CJK SC');
  });

  it.skipIf(!notoSerifInstalled)('sharp draws 宋体 with Noto Serif CJK SC', async () => {
    const { useProjectFonts } = await import('./fonts.ts');
    useProjectFonts();
    const draw = (family: string) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="60"><text x="4" y="44" font-family="${family}" font-size="36">九年级试卷</text></svg>`,
        ),
      )
        .png()
        .toBuffer();
    expect((await draw('宋体')).equals(await draw('Noto Serif CJK SC'))).toBe(true);
    expect((await draw('宋体')).equals(await draw('Noto Sans CJK SC'))).toBe(false);
  });
});
