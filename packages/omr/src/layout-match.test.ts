import { describe, expect, it } from 'vitest';
import type { GreyImage } from './grey-image.ts';
import { LAYOUT_MATCH_FLOOR, matchLayout } from './layout-match.ts';

// Frames drawn on a page at 4 px/mm, turned 1.5°: the candidate whose frames are all there is chosen, the one
// with most frame points when several are; none when no candidate's frames are all printed.

const PX_PER_MM = 4;
const angle = (1.5 * Math.PI) / 180;
const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
const transform = [PX_PER_MM * cos, -PX_PER_MM * sin, 30, PX_PER_MM * sin, PX_PER_MM * cos, 10, 0, 0, 1];

const boxA = { x: 20, y: 20, width: 80, height: 40 };
const boxB = { x: 20, y: 80, width: 80, height: 40 };
const boxC = { x: 120, y: 20, width: 60, height: 100 };

function page(frames: { x: number; y: number; width: number; height: number }[]): GreyImage {
  const width = 900;
  const height = 700;
  const data = new Uint8Array(width * height).fill(235);
  // Every pixel whose centre maps back within 0.2 mm of a frame line is ink.
  for (let py = 0; py < height; py++)
    for (let px = 0; px < width; px++) {
      const x0 = px + 0.5 - 30;
      const y0 = py + 0.5 - 10;
      const x = (cos * x0 + sin * y0) / PX_PER_MM;
      const y = (-sin * x0 + cos * y0) / PX_PER_MM;
      for (const f of frames) {
        const nearX = Math.abs(x - f.x) < 0.2 || Math.abs(x - f.x - f.width) < 0.2;
        const nearY = Math.abs(y - f.y) < 0.2 || Math.abs(y - f.y - f.height) < 0.2;
        const withinX = x > f.x - 0.2 && x < f.x + f.width + 0.2;
        const withinY = y > f.y - 0.2 && y < f.y + f.height + 0.2;
        if ((nearX && withinY) || (nearY && withinX)) data[py * width + px] = 30;
      }
    }
  return { width, height, data };
}

describe('matchLayout', () => {
  const scan = page([boxA, boxB]);

  it('chooses the candidate whose frames are all printed, the fuller one over a subset of it', () => {
    const match = matchLayout(scan, transform, 188, [
      { frames: [boxA] },
      { frames: [boxA, boxC] },
      { frames: [boxA, boxB] },
    ]);
    expect(match?.index).toBe(2);
    expect(match!.shares[0]).toBe(1);
    expect(match!.shares[1]).toBeLessThan(LAYOUT_MATCH_FLOOR);
    expect(match!.share).toBe(1);
  });

  it('chooses none when no candidate has all its frames on the page', () => {
    expect(matchLayout(scan, transform, 188, [{ frames: [boxC] }, { frames: [boxA, boxC] }])).toBeNull();
    expect(matchLayout(page([]), transform, 188, [{ frames: [boxA] }])).toBeNull();
  });
});
