import { describe, expect, it, vi } from 'vitest';
import { CHOICE_OTHER } from './model.ts';
import { decimalAt, readChoicesAt, readScoresAt, seatLayout } from './seat-text.ts';

// Every score must come out exactly as the database's `->>` and Number gave it before (a missing or
// null score 0, text read by Number), and every choice as the letters it holds: the statistics
// downstream depend on the same doubles. jsonbText writes an object as jsonb prints it (keys shorter
// first, then bytewise; `": ` and `, ` between), so the quick path is what these tests exercise;
// other shapes go through JSON.parse and must mean the same.

function jsonbText(values: Record<string, unknown>): string {
  const keys = Object.keys(values).sort(
    (a, b) => Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return `{${keys.map((k) => `${JSON.stringify(k)}: ${JSON.stringify(values[k])}`).join(', ')}}`;
}

/** What the old query and reading gave: `coalesce(scores->>key, '0')`, then Number. */
function byArrow(values: Record<string, unknown>, key: string): number {
  const v = values[key];
  if (v === undefined || v === null) return 0;
  return Number(typeof v === 'string' ? v : JSON.stringify(v));
}

const keys = ['101', '102', '103', '1000', '99', '7'];
const letters = [['A', 'B', 'C', 'D'], ['A', 'B', 'C', 'D'], ['T', 'F'], [], [], []];
const layout = seatLayout(keys, [0, 1, 2], letters);

function scoresOf(text: string): Float64Array[] {
  const columns = keys.map(() => Float64Array.of(Number.NaN, Number.NaN));
  // Surrounded by other text, as on a page: only [from, to) may be read.
  const page = `x\t${text}\ty`;
  readScoresAt(page, 2, 2 + text.length, layout, columns, 1);
  for (const column of columns) expect(column[0]).toBeNaN();
  return columns;
}

describe('decimalAt', () => {
  it('reads each decimal exactly as Number does', () => {
    const pieces = ['0', '3', '100', '12.5', '0.07', '0.1', '0.3', '1.005', '2.675', '99.99', '7.0', '10.', '.5', '-3'];
    pieces.push('-0.5', '1e-5', '123456789012345678', '0.0000001', '4.35', '1.50');
    for (let seed = 0; seed < 2000; seed++) {
      const decimals = seed % 5;
      pieces.push((Math.floor((seed * 7919) % 15000) / 10 ** decimals).toFixed(decimals));
    }
    for (const piece of pieces) {
      const text = `|${piece}|`;
      expect(Object.is(decimalAt(text, 1, 1 + piece.length), Number(piece)), piece).toBe(true);
    }
  });
});

describe('readScoresAt', () => {
  it('reads a seat with every key in jsonb order', () => {
    const values = { '101': 3, '102': 0, '103': 2.5, '1000': 12.75, '99': 1.5, '7': 0.07 };
    const parse = vi.spyOn(JSON, 'parse');
    const columns = scoresOf(jsonbText(values));
    // The quick path: nothing parsed.
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    for (const [j, k] of keys.entries()) expect(Object.is(columns[j]![1], byArrow(values, k)), k).toBe(true);
  });

  it('gives what ->> gave for every other shape', () => {
    const shapes: Record<string, unknown>[] = [
      { '101': 3, '102': 1 }, // keys missing
      { '101': 3, '102': 1, '103': 2, '1000': 4, '99': 5, '7': 6, '8': 9 }, // a key not on the paper
      { '101': null, '102': 1, '103': 2, '1000': 4, '99': 5, '7': 6 }, // null
      { '101': '2.5', '102': '', '103': 'x', '1000': 4, '99': true, '7': [1] }, // text, empty, not numbers
      { '101': -1.5, '102': 1e21, '103': 2, '1000': 4, '99': 5, '7': 6 }, // a sign, an exponent
      {},
    ];
    for (const values of shapes) {
      const columns = scoresOf(jsonbText(values));
      for (const [j, k] of keys.entries()) {
        expect(Object.is(columns[j]![1], byArrow(values, k)), `${k} ${jsonbText(values)}`).toBe(true);
      }
    }
  });
});

describe('readChoicesAt', () => {
  const choicesOf = (text: string) => {
    const choices = [new Uint16Array(2), new Uint16Array(2), new Uint16Array(2), null, null, null];
    const page = `${text}\n`;
    readChoicesAt(page, 0, text.length, layout, choices, 1);
    return choices.slice(0, 3).map((c) => c![1]);
  };

  it('codes each objective question’s letters as a bit set (0 none, CHOICE_OTHER no letter of it)', () => {
    const parse = vi.spyOn(JSON, 'parse');
    expect(choicesOf(jsonbText({ '101': 'A', '102': 'BD', '103': 'F' }))).toEqual([1, 0b1010, 0b10]);
    expect(parse).not.toHaveBeenCalled();
    parse.mockRestore();
    expect(choicesOf(jsonbText({ '101': '', '102': 'X', '103': 'T' }))).toEqual([0, CHOICE_OTHER, 1]);
  });

  it('reads other shapes the same way: missing or null is none, escapes and other values by their text', () => {
    expect(choicesOf(jsonbText({ '101': 'A' }))).toEqual([1, 0, 0]);
    expect(choicesOf(jsonbText({ '101': null, '102': 'C', '103': 'T', '7': 'A' }))).toEqual([0, 0b100, 1]);
    expect(choicesOf(jsonbText({ '101': 'A"B', '102': 'C\\D', '103': 5 }))).toEqual([0b11, 0b1100, CHOICE_OTHER]);
    expect(choicesOf('{}')).toEqual([0, 0, 0]);
  });
});
