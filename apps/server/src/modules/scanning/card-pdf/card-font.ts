/// <reference path="./fontkit.d.ts" />
import { existsSync, readFileSync } from 'node:fs';
import { STATUS } from '@huikao/contracts';
import * as fontkit from 'fontkit';
import { AppError } from '../../../platform/errors.ts';

// The one font of every answer card: Noto Serif CJK SC from Debian's fonts-noto-cjk, which .ci/run
// installs. A fixed file, never a fontconfig match or a download, so a card prints the same glyphs on
// every machine. The face is opened once per process and shared by every PDF (fontkit keeps the
// glyphs it has parsed); pdfkit embeds only the glyphs each PDF uses.

export const CARD_FONT_FILE = '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc';
/** The face inside the collection (a .ttc holds the SC, TC, JP and KR faces). */
export const CARD_FONT_FACE = 'NotoSerifCJKsc-Regular';

let opened: fontkit.Font | undefined;
let openedBytes: Buffer | undefined;

/** The font file's bytes, read once per process: the room printouts register them with pdfkit. */
export function cardFontBytes(): Buffer {
  if (!openedBytes) {
    if (!existsSync(CARD_FONT_FILE)) throw new CardFontMissing(CARD_FONT_FILE);
    openedBytes = readFileSync(CARD_FONT_FILE);
  }
  return openedBytes;
}

/** A server set-up fault, not the caller's: the envelope carries 500 with this Chinese message. */
export class CardFontMissing extends AppError {
  constructor(file: string) {
    super(
      STATUS.internal,
      `答题卡字体缺失：未找到 ${file}（思源宋体 Noto Serif CJK SC），请在服务器上安装 fonts-noto-cjk 后重试`,
    );
    this.name = 'CardFontMissing';
  }
}

/** The card's font face; `file` is for tests of a missing font. */
export function cardFont(file = CARD_FONT_FILE): fontkit.Font {
  if (file === CARD_FONT_FILE && opened) return opened;
  if (!existsSync(file)) throw new CardFontMissing(file);
  const face = fontkit.create(file === CARD_FONT_FILE ? cardFontBytes() : readFileSync(file), CARD_FONT_FACE);
  if (face?.postscriptName !== CARD_FONT_FACE) throw new CardFontMissing(`${file} 中的 ${CARD_FONT_FACE}`);
  if (file === CARD_FONT_FILE) opened = face;
  return face;
}
