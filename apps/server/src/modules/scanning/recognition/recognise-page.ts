import { type CardPage, decodePageCode } from '@huikao/answer-card';
import {
  type BlankReference,
  darkShare,
  ellipseMask,
  type GreyImage,
  locatePage,
  matchLayout,
  measurePageLevels,
  type PageLevels,
  type PageTransform,
  readPage,
} from '@huikao/omr';
import { cropIdOf, type RecognitionPage, recognitionPage } from './card-page-layout.ts';
import { decodeGrey, type PageFormat } from './decode-grey.ts';
import { readCodes } from './page-codes.ts';
import { cropOf, jpegOf, regionOf } from './page-regions.ts';

// Recognition of one page (answer-cards-and-scanning.md, "Recognition of a page"), run in a worker
// thread, outside any transaction: decode and grey → locators and the perspective transform (a page
// fed upside down is turned) → the page code (QR) → the template page it names (another exam's page
// is refused) → identity (考号 barcode or bubbles, 缺考 box) → every bubble relative to its row, with
// flags instead of guesses (packages/omr) → a JPEG crop of every subjective box with a 2 mm margin.
// Pure in what it returns: the same bytes and templates give the same result.

export interface TemplateForRecognition {
  id: string;
  version: number;
  pages: CardPage[];
  /** Per page (index pageNo − 1), its blank print's bubble ratios, discounted from every scan (blank-reference.ts). */
  blankReferences?: (BlankReference | null)[];
}

export interface RecognitionInput {
  /** The page's own bytes (a JPEG, PNG, a TIFF page as PNG, or a one-page PDF). */
  bytes: Uint8Array;
  format: PageFormat;
  /** The batch's scan resolution, used when the file does not say. */
  dpi: number;
  /** Every card template version of the single exam. */
  templates: TemplateForRecognition[];
  /** Also return the page as a JPEG (PDF pages, which have no image of their own to show). */
  keepImage: boolean;
}

export interface ReadQuestion {
  questionNo: string;
  ratios: number[];
  letters: string[];
  uncertain: string[];
  flags: string[];
  answer: string | null;
}

export type RecognitionOutput =
  | {
      outcome: 'read';
      templateId: string;
      templateVersion: number;
      pageNo: number;
      turned: boolean;
      skewDegrees: number;
      measuredDpi: number;
      /** The 考号: the barcode when one reads, else the bubbles; null when neither gives one. */
      examNo: string | null;
      examNoDigits: { digit: number | null; flags: string[] }[] | null;
      barcode: string | null;
      absentShare: number | null;
      absentMarked: boolean;
      questions: ReadQuestion[];
      crops: { boxId: string; label: string; questionNumbers: string[]; jpeg: Uint8Array }[];
      image: Uint8Array | null;
    }
  | {
      outcome: 'undecodable' | 'locators-missing' | 'layout-mismatch' | 'unknown-page' | 'other-exam';
      detail: string;
      turned: boolean;
      image: Uint8Array | null;
    };

/** A 缺考 bubble this dark is marked (the bubbles' own filled floor). */
const ABSENT_FLOOR = 0.3;

const layouts = new Map<string, RecognitionPage[]>();
function pagesOf(template: TemplateForRecognition): RecognitionPage[] {
  const key = `${template.id}:${template.version}`;
  let pages = layouts.get(key);
  if (!pages) {
    pages = template.pages.map(recognitionPage);
    if (layouts.size > 50) layouts.clear();
    layouts.set(key, pages);
  }
  return pages;
}

export async function recognisePage(input: RecognitionInput): Promise<RecognitionOutput> {
  let decoded: { image: GreyImage; dpi: number };
  try {
    decoded = await decodeGrey(input.bytes, input.format, input.dpi);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { outcome: 'undecodable', detail: `图像无法解码：${reason.slice(0, 120)}`, turned: false, image: null };
  }
  const { image, dpi } = decoded;
  const keptImage = input.keepImage ? await jpegOf(image, 70) : null;
  const levels = measurePageLevels(image);

  let firstRefusal: { outcome: 'locators-missing' | 'layout-mismatch' | 'unknown-page'; detail: string } | null = null;
  const tried = new Set<string>();
  for (const template of input.templates) {
    const first = pagesOf(template)[0];
    if (!first) continue;
    // Versions and pages of one paper share their locators and page-code place: locate once per geometry.
    const geometry = geometryOf(first);
    if (tried.has(geometry)) continue;
    tried.add(geometry);
    const located = locatePage(image, first.layout, levels, { dpi });
    if (located.status === 'refused') {
      firstRefusal ??= { outcome: located.reason, detail: located.detail };
      continue;
    }
    const payloads = await readCodes(regionOf(image, located.transform, first.pageCode, 3), 'QRCode');
    const code = payloads.map(decodePageCode).find((r) => r.ok);
    if (!code?.ok) {
      const problem = payloads.map(decodePageCode).find((r) => !r.ok);
      if (problem && !problem.ok) {
        return { outcome: 'unknown-page', detail: problem.problem.message, turned: located.turned, image: keptImage };
      }
      // No code reads at all (blotted, torn, smudged): the page is matched by its printed frames instead.
      const byLayout = pageByLayout(image, levels, located, input.templates, geometry);
      if (!byLayout) {
        const detail = '页码二维码无法识别，版面也与本科目答题卡的页面不符';
        return { outcome: 'unknown-page', detail, turned: located.turned, image: keptImage };
      }
      return readTemplatePage(image, dpi, byLayout.template, byLayout.page, keptImage, { levels, transform: located });
    }
    const named = input.templates.find((t) => t.id === code.code.templateId && t.version === code.code.templateVersion);
    const page = named ? pagesOf(named)[code.code.page - 1] : undefined;
    if (!named || !page) {
      return {
        outcome: 'other-exam',
        detail: `页码 ${code.code.templateId}/${code.code.templateVersion}/${code.code.page} 不是本科目答题卡的页面`,
        turned: located.turned,
        image: keptImage,
      };
    }
    // The page named shares the located geometry unless its paper differs: then it is located afresh.
    const sameGeometry = geometryOf(page) === geometry;
    return readTemplatePage(
      image,
      dpi,
      named,
      page,
      keptImage,
      sameGeometry ? { levels, transform: located } : undefined,
    );
  }
  const refusal = firstRefusal ?? { outcome: 'unknown-page' as const, detail: '本科目还没有答题卡模板' };
  return { ...refusal, turned: false, image: keptImage };
}

/** What the located transform depends on: pages alike in this are located once for all. */
function geometryOf(page: RecognitionPage): string {
  const { pageWidthMm, pageHeightMm, locators, locatorSizeMm } = page.layout;
  return JSON.stringify([pageWidthMm, pageHeightMm, locators, locatorSizeMm, page.pageCode]);
}

/** The one template page sharing the located geometry whose printed frames are all on the scan (omr matchLayout). */
function pageByLayout(
  image: GreyImage,
  levels: PageLevels,
  located: PageTransform,
  templates: TemplateForRecognition[],
  geometry: string,
): { template: TemplateForRecognition; page: RecognitionPage } | null {
  const candidates = templates.flatMap((template) =>
    pagesOf(template)
      .filter((page) => page.frames.length > 0 && geometryOf(page) === geometry)
      .map((page) => ({ template, page, frames: page.frames })),
  );
  const match = matchLayout(image, located.transform, levels.darkThreshold, candidates);
  return match ? candidates[match.index]! : null;
}

async function readTemplatePage(
  image: GreyImage,
  dpi: number,
  template: TemplateForRecognition,
  page: RecognitionPage,
  keptImage: Uint8Array | null,
  located: { levels: PageLevels; transform: PageTransform } | undefined,
): Promise<RecognitionOutput> {
  const blankReference = template.blankReferences?.[page.pageNo - 1] ?? undefined;
  const reading = readPage(image, page.layout, { dpi, located, blankReference });
  if (reading.status === 'refused') {
    return { outcome: reading.reason, detail: reading.detail, turned: false, image: keptImage };
  }
  const barcode = page.barcode
    ? ((await readCodes(regionOf(image, reading.transform, page.barcode, 2), 'Code128'))[0] ?? null)
    : null;
  let absentShare: number | null = null;
  if (page.absent) {
    const mask = ellipseMask({ widthMm: page.absent.width, heightMm: page.absent.height }, reading.measuredDpi);
    absentShare =
      Math.round(
        darkShare(image, reading.transform, page.absent.cx, page.absent.cy, mask, reading.darkThreshold) * 1000,
      ) / 1000;
  }
  const crops = [];
  // One buffer for every crop of the page: each is encoded (and done with) before the next is cut.
  const scratch = { pixels: new Uint8Array(0) };
  for (const box of page.boxes) {
    crops.push({
      boxId: cropIdOf(box),
      label: box.parts > 1 ? `${box.label}（${box.part}/${box.parts}）` : box.label,
      questionNumbers: box.questionNumbers,
      jpeg: await cropOf(image, reading.transform, box.rect, reading.measuredDpi, scratch),
    });
  }
  const examNoFromBarcode = barcode && /^\d{1,20}$/.test(barcode) ? barcode : null;
  return {
    outcome: 'read',
    templateId: template.id,
    templateVersion: template.version,
    pageNo: page.pageNo,
    turned: reading.turned,
    skewDegrees: reading.skewDegrees,
    measuredDpi: reading.measuredDpi,
    examNo: examNoFromBarcode ?? reading.candidateNumber?.value ?? null,
    examNoDigits: reading.candidateNumber?.digits.map((d) => ({ digit: d.digit, flags: d.flags })) ?? null,
    barcode,
    absentShare,
    absentMarked: absentShare !== null && absentShare >= ABSENT_FLOOR,
    questions: reading.questions.map((q) => ({
      questionNo: q.questionNo,
      ratios: q.ratios,
      letters: q.marked,
      uncertain: q.uncertain,
      flags: q.flags,
      answer: q.answer,
    })),
    crops,
    image: keptImage,
  };
}
