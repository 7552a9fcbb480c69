// Steps 1 of recognition: locators → transform (template mm → image px) → which way up the sheet was fed.

import { darkShare, rectMask } from './bubble-sampler.ts';
import { type CardPageLayout, halfTurn, LOCATOR_CORNERS, type LocatorCorner, type MmRect } from './card-layout.ts';
import type { GreyImage, PageLevels } from './grey-image.ts';
import { dpiAt, type Homography, homographyFromPairs, type PlanePoint, skewDegreesAt } from './homography.ts';
import { findLocator, type LocatorHit } from './locators.ts';

export type RefusalReason = 'locators-missing' | 'layout-mismatch' | 'unknown-page';

export interface PageRefusal {
  status: 'refused';
  reason: RefusalReason;
  /** A sentence for the exception queue (Chinese, as the resolve screen shows it). */
  detail: string;
  /** Locators not found when the page was searched upright. */
  missing: LocatorCorner[];
}

export interface PageTransform {
  status: 'located';
  transform: Homography;
  /** The sheet was fed upside down; the transform already includes the half turn. */
  turned: boolean;
  /** Residual rotation of the content, degrees, after any half turn. */
  skewDegrees: number;
  /** Resolution measured from the locators at the page centre. */
  measuredDpi: number;
  /** Where each template locator was found, image pixels. */
  locators: Record<LocatorCorner, PlanePoint>;
  /** Dark share of the page-code area, upright and as if turned (the evidence for `turned`). */
  orientationEvidence: { upright: number; turned: number };
}

export interface LocateOptions {
  /** The dpi the scan claims (the file's header or the scanner setting). */
  dpi: number;
  /**
   * Search radius around each expected locator, mm; default 20: on A3, ±3° moves a corner ~13 mm and ±3 % another
   * ~7 mm, and a sheet lies a few mm off the scanner's centre.
   */
  searchRadiusMm?: number;
}

/** The page must be within this of the claimed dpi and of upright (or upside down) to be read at all. */
const MAX_SCALE_ERROR = 0.08;
const MAX_SKEW_DEGREES = 5;
/** The page code is a QR code: about half dark. A white corner means no code, a text block is not that dark. */
const MARK_MIN_SHARE = 0.25;
const MARK_MIN_CONTRAST = 0.15;

export function locatePage(
  image: GreyImage,
  layout: CardPageLayout,
  levels: PageLevels,
  options: LocateOptions,
): PageTransform | PageRefusal {
  const pxPerMm = options.dpi / 25.4;
  const radiusPx = (options.searchRadiusMm ?? 20) * pxPerMm;
  const sizePx = layout.locatorSizeMm * pxPerMm;
  const cache = new Map<string, LocatorHit | null>();
  const search = (corner: LocatorCorner, at: PlanePoint): LocatorHit | null => {
    const key = `${Math.round(at.x * 10)},${Math.round(at.y * 10)}`;
    if (!cache.has(key)) {
      // Anchored at the image centre, not its corner: scanners centre the sheet or image a margin of glass around it,
      // and either way the page centre is nearer the image centre than the page corner is to the image corner.
      const expected = {
        x: image.width / 2 + (at.x - layout.pageWidthMm / 2) * pxPerMm,
        y: image.height / 2 + (at.y - layout.pageHeightMm / 2) * pxPerMm,
      };
      cache.set(key, findLocator(image, corner, { expected, sizePx, radiusPx, darkThreshold: levels.darkThreshold }));
    }
    return cache.get(key) ?? null;
  };

  // Upright, template locator c is near its own position; turned, it is near the half-turned position.
  const upright = LOCATOR_CORNERS.map((corner) => search(corner, layout.locators[corner]));
  const missing = LOCATOR_CORNERS.filter((_, i) => upright[i] === null);
  const turned = LOCATOR_CORNERS.map((corner) => search(corner, halfTurn(layout, layout.locators[corner])));

  const candidates = [
    { turned: false, hits: upright },
    { turned: true, hits: turned },
  ].flatMap(({ turned: isTurned, hits }) => {
    if (hits.some((hit) => hit === null)) return [];
    const pairs = LOCATOR_CORNERS.map((corner, i) => ({ from: layout.locators[corner], to: hits[i]!.center }));
    const transform = homographyFromPairs(pairs);
    return transform ? [{ turned: isTurned, transform, hits: hits as LocatorHit[] }] : [];
  });
  if (candidates.length === 0) {
    return refusal('locators-missing', `未找到定位点：${missing.map(cornerName).join('、') || '方向不一致'}`, missing);
  }

  const centre = { x: layout.pageWidthMm / 2, y: layout.pageHeightMm / 2 };
  const plausible = candidates.filter(({ transform, turned: isTurned }) => {
    const scale = dpiAt(transform, centre.x, centre.y) / options.dpi;
    const skew = residualSkew(skewDegreesAt(transform, centre.x, centre.y), isTurned);
    return Math.abs(scale - 1) <= MAX_SCALE_ERROR && Math.abs(skew) <= MAX_SKEW_DEGREES;
  });
  if (plausible.length === 0) {
    return refusal('layout-mismatch', '定位点的间距或角度与答题卡模板不符', missing);
  }

  const evidence = plausible.map((candidate) => ({
    candidate,
    share: markShare(image, candidate.transform, layout.orientationMark, levels.darkThreshold),
  }));
  evidence.sort((a, b) => b.share - a.share);
  const [first, second] = evidence;
  if (!first || first.share < MARK_MIN_SHARE || (second && first.share - second.share < MARK_MIN_CONTRAST)) {
    return refusal('unknown-page', '页码区域为空或方向无法判断：不是本答题卡的页面', missing);
  }
  const chosen = first.candidate;
  const shareOf = (isTurned: boolean) => evidence.find((e) => e.candidate.turned === isTurned)?.share ?? 0;
  const locators = Object.fromEntries(LOCATOR_CORNERS.map((corner, i) => [corner, chosen.hits[i]!.center])) as Record<
    LocatorCorner,
    PlanePoint
  >;
  return {
    status: 'located',
    transform: chosen.transform,
    turned: chosen.turned,
    skewDegrees: residualSkew(skewDegreesAt(chosen.transform, centre.x, centre.y), chosen.turned),
    measuredDpi: dpiAt(chosen.transform, centre.x, centre.y),
    locators,
    orientationEvidence: { upright: shareOf(false), turned: shareOf(true) },
  };
}

function markShare(image: GreyImage, transform: Homography, mark: MmRect, darkThreshold: number): number {
  const mask = rectMask(mark, 0.5);
  return darkShare(image, transform, mark.x + mark.width / 2, mark.y + mark.height / 2, mask, darkThreshold);
}

/** A turned page's transform rotates by ~180°; what matters for quality is what is left after the half turn. */
function residualSkew(degrees: number, turned: boolean): number {
  let residual = turned ? degrees - 180 : degrees;
  while (residual <= -180) residual += 360;
  while (residual > 180) residual -= 360;
  return residual;
}

function refusal(reason: RefusalReason, detail: string, missing: LocatorCorner[]): PageRefusal {
  return { status: 'refused', reason, detail, missing };
}

const CORNER_NAMES: Record<LocatorCorner, string> = {
  topLeft: '左上',
  topRight: '右上',
  bottomRight: '右下',
  bottomLeft: '左下',
};

function cornerName(corner: LocatorCorner): string {
  return CORNER_NAMES[corner];
}
