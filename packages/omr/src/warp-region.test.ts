import { describe, expect, it } from 'vitest';
import type { GreyImage } from './grey-image.ts';
import { applyHomography } from './homography.ts';
import { warpRegion } from './warp-region.ts';

// A page drawn turned by 2° and scaled to 8 px/mm: the warp must give the template rectangle back upright,
// its dark square where the template has it, and paper white outside the scan.

const PX_PER_MM = 8;
const angle = (2 * Math.PI) / 180;
const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
// template mm → image px: rotate about the origin, scale, shift.
const transform = [PX_PER_MM * cos, -PX_PER_MM * sin, 60, PX_PER_MM * sin, PX_PER_MM * cos, 20, 0, 0, 1];

function drawPage(): GreyImage {
  const width = 800;
  const height = 600;
  const data = new Uint8Array(width * height).fill(240);
  // A dark square of template mm [20, 30) × [10, 20): every pixel whose centre maps back inside it.
  const inverse = (px: number, py: number) => {
    const x = px - 60;
    const y = py - 20;
    return { x: (cos * x + sin * y) / PX_PER_MM, y: (-sin * x + cos * y) / PX_PER_MM };
  };
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const p = inverse(px + 0.5, py + 0.5);
      if (p.x >= 20 && p.x < 30 && p.y >= 10 && p.y < 20) data[py * width + px] = 20;
    }
  return { width, height, data };
}

describe('warpRegion', () => {
  const page = drawPage();

  it('cuts a template rectangle upright at the asked resolution', () => {
    const crop = warpRegion(page, transform, { x: 15, y: 5, width: 20, height: 20 }, PX_PER_MM);
    expect([crop.width, crop.height]).toEqual([160, 160]);
    const at = (xMm: number, yMm: number) =>
      crop.data[Math.floor(yMm * PX_PER_MM) * crop.width + Math.floor(xMm * PX_PER_MM)]!;
    // The square (template 20–30 × 10–20) sits at crop 5–15 × 5–15, axis-aligned: its inside dark, around it paper.
    for (const [x, y] of [
      [6, 6],
      [14, 6],
      [6, 14],
      [14, 14],
      [10, 10],
    ])
      expect(at(x!, y!)).toBeLessThan(40);
    for (const [x, y] of [
      [4, 10],
      [16, 10],
      [10, 4],
      [10, 16],
      [1, 1],
      [19, 19],
    ])
      expect(at(x!, y!)).toBeGreaterThan(220);
  });

  it('agrees with the exact transform at every span boundary and fills outside the scan with white', () => {
    const crop = warpRegion(page, transform, { x: -20, y: -10, width: 60, height: 30 }, PX_PER_MM);
    // Template (-20, -10) lies left of and above the scan: white.
    expect(crop.data[0]).toBe(255);
    const inside = applyHomography(transform, 25, 15);
    expect(page.data[Math.floor(inside.y) * page.width + Math.floor(inside.x)]).toBe(20);
    const row = Math.floor(25 * PX_PER_MM);
    expect(crop.data[row * crop.width + Math.floor(45 * PX_PER_MM)]).toBeLessThan(40);
  });

  it('cuts the same rectangle by nearest pixel, never further than half a pixel from the bilinear cut', () => {
    const rect = { x: 15, y: 5, width: 20, height: 20 };
    const bilinear = warpRegion(page, transform, rect, PX_PER_MM);
    const reused = new Uint8Array(200 * 200);
    const nearest = warpRegion(page, transform, rect, PX_PER_MM, { sampling: 'nearest', into: reused });
    expect([nearest.width, nearest.height]).toEqual([160, 160]);
    // Written into the given buffer, not a new one.
    expect(nearest.data.buffer).toBe(reused.buffer);
    // Away from the square's edge both agree exactly (flat areas); at the edge they differ by a half pixel's blend.
    let differing = 0;
    for (let i = 0; i < nearest.data.length; i++) if (nearest.data[i] !== bilinear.data[i]) differing++;
    expect(differing).toBeGreaterThan(0);
    expect(differing).toBeLessThan(nearest.data.length * 0.05);
    const at = (xMm: number, yMm: number) =>
      nearest.data[Math.floor(yMm * PX_PER_MM) * nearest.width + Math.floor(xMm * PX_PER_MM)]!;
    expect(at(10, 10)).toBe(20);
    expect(at(1, 1)).toBe(240);
  });
});
