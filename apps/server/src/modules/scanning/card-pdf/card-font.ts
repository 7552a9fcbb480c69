import { existsSync, readFileSync } from 'node:fs';

// The one font of every answer card: Noto Serif CJK SC from Debian's fonts-noto-cjk, which .ci/run
// installs. A fixed file, never a fontconfig match or a download, so a card prints the same glyphs on
// every machine. The collection is read once per process; pdfkit embeds only the glyphs a PDF uses.

export const CARD_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc';
/** The face inside the collection (a .ttc holds the SC, TC, JP and KR faces). */
export const CARD_FONT_FACE = 'NotoSerifCJKsc-Regular';

let cached: Buffer | undefined;

export class CardFontMissing extends Error {
  constructor(file: string) {
    super(`答题卡字体缺失：未找到 ${file}（思源宋体 Noto Serif CJK SC），请在服务器上安装 fonts-noto-cjk 后重试`);
    this.name = 'CardFontMissing';
  }
}

export function cardFontBytes(file = CARD_FONT_FILE): Buffer {
  if (file === CARD_FONT_FILE && cached) return cached;
  if (!existsSync(file)) throw new CardFontMissing(file);
  const bytes = readFileSync(file);
  if (file === CARD_FONT_FILE) cached = bytes;
  return bytes;
}
