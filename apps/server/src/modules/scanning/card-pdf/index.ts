// The answer card's printable PDF (issue #15): the door of card-pdf inside the scanning module.
// The scanning module's own index.ts re-exports what its callers need from here.

export { CARD_FONT_FACE, CARD_FONT_FILE, CardFontMissing } from './card-font.ts';
export type { PersonalisedStudent } from './draw-personal.ts';
export { type RenderOptions, renderCardPdf } from './render-card-pdf.ts';
