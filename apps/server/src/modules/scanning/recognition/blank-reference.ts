import type { AnswerCardTemplate } from '@huikao/answer-card';
import { type BlankReference, readBlankReference } from '@huikao/omr';
import { renderCardPdfInWorker } from '../card-pdf/index.ts';
import { recognitionPage } from './card-page-layout.ts';
import { rasterisePdfPages } from './decode-grey.ts';

// The printed letter discounted (answer-cards-and-scanning.md, recognition step 4): each bubble's fill is
// compared with the same bubble on a blank page of the same card version. The blank page is the card PDF
// the server prints, rasterised as a PDF scan is (pdftoppm, grey, 200 dpi), read once per version and kept
// in memory: a version that has scans never changes, and the reading is a few hundred numbers.

/** The resolution a blank page is rasterised at: the scans' usual one (the ratios are shares, not pixel counts). */
export const BLANK_DPI = 200;
/** Versions kept; more than any one server recognises at a time. */
const KEPT_VERSIONS = 50;

const references = new Map<string, Promise<(BlankReference | null)[]>>();

/**
 * Per template page (index pageNo − 1), the raw fill ratios of its blank print; null for a page whose blank
 * raster could not be located. An empty list when the card cannot be rendered (then recognition reads
 * without the discount, as before, rather than not at all).
 */
export function blankReferencesOf(template: AnswerCardTemplate): Promise<(BlankReference | null)[]> {
  const key = `${template.id}:${template.version}`;
  let found = references.get(key);
  if (!found) {
    found = readBlankReferences(template).catch(() => []);
    if (references.size >= KEPT_VERSIONS) references.delete(references.keys().next().value!);
    references.set(key, found);
  }
  return found;
}

export async function readBlankReferences(template: AnswerCardTemplate): Promise<(BlankReference | null)[]> {
  const rasters = await rasterisePdfPages(await renderCardPdfInWorker(template), BLANK_DPI);
  return template.pages.map((page, i) => {
    const raster = rasters[i];
    if (!raster) return null;
    const reading = readBlankReference(raster, recognitionPage(page).layout, { dpi: BLANK_DPI });
    return 'status' in reading ? null : reading;
  });
}
