// Text that must stay inside its field: a name or a class is printed as large as the field allows,
// down to a floor, and beyond that cut with an ellipsis — never over the next field.

export interface FittedText {
  text: string;
  size: number;
}

/** Measures `text` at font size 1 (widths scale linearly with the size). */
export type MeasureAtOne = (text: string) => number;

export function fitText(text: string, width: number, sizes: { max: number; min: number }, measure: MeasureAtOne) {
  const atOne = measure(text);
  if (atOne <= 0) return { text, size: sizes.max };
  const size = Math.min(sizes.max, width / atOne);
  if (size >= sizes.min) return { text, size: floorTenth(size) };
  const characters = Array.from(text);
  // The longest prefix that fits at the floor size with the ellipsis after it.
  let kept = characters.length;
  while (kept > 0 && measure(`${characters.slice(0, kept).join('')}…`) * sizes.min > width) kept -= 1;
  return { text: `${characters.slice(0, kept).join('')}…`, size: sizes.min };
}

function floorTenth(value: number): number {
  return Math.floor(value * 10) / 10;
}
