// Inks and lengths shared by the card's static print and its personal print, in millimetres.

/** Text, frames, locators and codes. */
export const INK = '#000000';
/**
 * Bubble outlines and the letters inside them. Recognition counts a pixel as dark below 80 % of the
 * paper's grey (packages/omr); this grey (208 of 255, 82 %) stays above that, so an empty bubble
 * reads near white, while a student still sees where to fill.
 */
export const LIGHT_INK = '#d0d0d0';
/** Captions that guide the reader but are no answer: 条形码粘贴处, continuation notes. */
export const GUIDE_INK = '#666666';

export const HAIRLINE = 0.15;
export const FRAME_LINE = 0.25;
export const BUBBLE_LINE = 0.2;

/** Points per millimetre: pages are drawn in mm under one scale. */
export const PT_PER_MM = 72 / 25.4;
