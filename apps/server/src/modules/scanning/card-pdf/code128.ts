// The generic build: the encoders and the drawing interface, without the PNG renderer.
import { type DrawingContext, code128 as encodeCode128, type RenderOptions } from 'bwip-js/generic';

// The 考号 as a Code 128 barcode, encoded by bwip-js (never by hand) and captured through its custom
// drawing interface: a linear symbol arrives as one stroked vertical line per bar, which becomes one
// rectangle in module units, drawn later as a vector path.

export interface Bar {
  /** Left edge and width, in modules from the symbol's left edge. */
  x: number;
  width: number;
}

export interface Code128Symbol {
  /** The symbol's width in modules, quiet zones not included. */
  modules: number;
  bars: Bar[];
}

/** bwip-js lays bars out on a pixel grid; at scale 2 every edge falls on a whole pixel. */
const SCALE = 2;

export function code128(text: string): Code128Symbol {
  const bars: Bar[] = [];
  let width = 0;
  const drawing: DrawingContext<Code128Symbol> = {
    scale: () => [SCALE, SCALE],
    measure: () => ({ width: 0, ascent: 0, descent: 0 }),
    init: (w) => {
      width = w;
    },
    line: (x0, _y0, x1, _y1, lineWidth) => {
      if (x0 !== x1) throw new Error('Code 128 只应含竖线条');
      bars.push({ x: (x0 - lineWidth / 2) / SCALE, width: lineWidth / SCALE });
    },
    polygon: () => {
      throw new Error('Code 128 不应含多边形');
    },
    hexagon: () => {},
    ellipse: () => {},
    fill: () => {},
    text: () => {},
    end: () => ({ modules: width / SCALE, bars }),
  };
  const options: RenderOptions = { bcid: 'code128', text, scale: SCALE, height: 10, includetext: false };
  return encodeCode128(options, drawing);
}
