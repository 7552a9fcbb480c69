// A seat's question scores as the loading query lists them: plain decimals joined by commas, read
// straight into the item columns. A 联考 reads 22.5 million of them, and splitting the text and
// calling Number on each piece was this process's largest single cost in loading.

const COMMA = 44;
const DOT = 46;
const ZERO = 48;

/**
 * Writes the comma-separated values of `text` into `columns[j][i]`, in order: exactly what Number
 * gives for each piece (a whole number of units over a power of ten is one correctly rounded
 * division, as Number's own reading is). A piece that is not plain digits with at most one point
 * (a sign, an exponent, anything else) is read by Number itself.
 */
export function readScores(text: string, columns: Float64Array[], i: number): void {
  let j = 0;
  let start = 0;
  let units = 0;
  let scale = 1;
  let point = false;
  let plain = true;
  const end = text.length;
  for (let k = 0; k <= end; k++) {
    const c = k < end ? text.charCodeAt(k) : COMMA;
    if (c === COMMA) {
      columns[j]![i] = plain ? units / scale : Number(text.slice(start, k));
      j++;
      start = k + 1;
      units = 0;
      scale = 1;
      point = false;
      plain = true;
    } else if (c === DOT && !point) {
      point = true;
    } else {
      const digit = c - ZERO;
      if (digit < 0 || digit > 9 || units > 1e14) plain = false;
      else {
        units = units * 10 + digit;
        if (point) scale *= 10;
      }
    }
  }
}
