import { describe, expect, it } from 'vitest';
import {
  draggedPieceHeight,
  heightAfterDrag,
  MAX_BOX_HEIGHT_MM,
  MIN_BOX_HEIGHT_MM,
  mmToPx,
  pxPerMm,
  pxToMm,
} from './page-scale.ts';

describe('page scale', () => {
  it('maps an A3 page (420 mm) drawn 840 px wide at 2 px per mm, both ways', () => {
    const scale = pxPerMm(840, 420);
    expect(scale).toBe(2);
    expect(mmToPx(297, scale)).toBe(594);
    expect(pxToMm(594, scale)).toBe(297);
  });

  it('falls back to 1 px per mm before the page has a size', () => {
    expect(pxPerMm(0, 210)).toBe(1);
    expect(pxPerMm(600, 0)).toBe(1);
    expect(pxPerMm(Number.NaN, 210)).toBe(1);
  });
});

describe('dragging a box edge', () => {
  it('adds the dragged distance in millimetres, rounded to whole millimetres', () => {
    // 3 px per mm: 31 px down is 10.33 mm, so a 40 mm box becomes 50 mm.
    expect(heightAfterDrag(40, 31, 3)).toBe(50);
    expect(heightAfterDrag(40, -29, 3)).toBe(30);
    expect(heightAfterDrag(40, 0, 3)).toBe(40);
  });

  it('never goes below the smallest box nor above the largest', () => {
    expect(heightAfterDrag(20, -300, 2)).toBe(MIN_BOX_HEIGHT_MM);
    expect(heightAfterDrag(1990, 500, 2)).toBe(MAX_BOX_HEIGHT_MM);
  });

  it('grows or shrinks only the dragged piece on screen, never to nothing', () => {
    expect(draggedPieceHeight(60, 80, 95)).toBe(75);
    expect(draggedPieceHeight(20, 80, 15)).toBe(1);
  });
});
