import type { Ellipse, Rect } from './types.ts';

// Coordinates are kept to hundredths of a millimetre so the same input always gives
// byte-identical templates, whatever the floating-point path that produced them.
export function mm(value: number): number {
  return Math.round(value * 100) / 100;
}

export function rect(x: number, y: number, width: number, height: number): Rect {
  return { x: mm(x), y: mm(y), width: mm(width), height: mm(height) };
}

export function ellipseAt(cx: number, cy: number, width: number, height: number): Ellipse {
  return { cx: mm(cx), cy: mm(cy), width, height };
}

export function inset(frame: Rect, margin: number): Rect {
  return rect(frame.x + margin, frame.y + margin, frame.width - 2 * margin, frame.height - 2 * margin);
}

/** Tolerance for rounding: rectangles that merely touch do not overlap. */
const EPSILON = 1e-6;

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x - EPSILON &&
    inner.y >= outer.y - EPSILON &&
    inner.x + inner.width <= outer.x + outer.width + EPSILON &&
    inner.y + inner.height <= outer.y + outer.height + EPSILON
  );
}

export function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.x < b.x + b.width - EPSILON &&
    b.x < a.x + a.width - EPSILON &&
    a.y < b.y + b.height - EPSILON &&
    b.y < a.y + a.height - EPSILON
  );
}

/** The smallest distance between two rectangles' edges (0 when they touch or overlap). */
export function gapBetween(a: Rect, b: Rect): number {
  const dx = Math.max(0, b.x - (a.x + a.width), a.x - (b.x + b.width));
  const dy = Math.max(0, b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.hypot(dx, dy);
}

export function ellipseBounds(ellipse: Ellipse): Rect {
  return {
    x: ellipse.cx - ellipse.width / 2,
    y: ellipse.cy - ellipse.height / 2,
    width: ellipse.width,
    height: ellipse.height,
  };
}
