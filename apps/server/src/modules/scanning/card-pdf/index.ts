// The answer card's printable PDF (issue #15): the door of card-pdf inside the scanning module.
// The scanning module's own index.ts re-exports what its callers need from here.

/**
 * cardFont() opens the card's font face (about 0.7 s of CPU, once per process): call it when the
 * module starts, so the first card prints fast and a server without fonts-noto-cjk says so at once.
 */
export { CARD_FONT_FACE, CARD_FONT_FILE, CardFontMissing, cardFont, cardFontBytes } from './card-font.ts';
export type { PersonalisedStudent } from './draw-personal.ts';
export { type RenderOptions, renderCardPdf, renderCardPdfInWorker } from './render-card-pdf.ts';
