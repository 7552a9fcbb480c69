import { CHOICE_OTHER } from './model.ts';

// A seat's question scores and choices as the loading query sends them: each jsonb object's own
// text (`{"11": 3, "12": 4.5}`), read here straight into the item columns. Asking the database for
// each question's value by key cost it twice what the whole text does (a 联考 has 22.5 million
// scores, and the database was the slower side of loading), so the keys are found here instead.
//
// jsonb lists an object's keys in one fixed order: shorter (in UTF-8 bytes) first, then bytewise.
// A seat whose object has exactly the paper's keys in that order (every seat, as scores are
// entered) is read in one pass with no string made per value; any other shape (a key missing or
// extra, a value that is text or null, an escape) is read through JSON.parse, with the same
// meaning the database's `->>` gave: a missing or null score is 0, a text score is Number(text),
// a missing or null choice is none.

export interface SeatLayout {
  /** Each question's key in paper order. */
  keys: string[];
  /** `"key": ` of every question in jsonb's key order, with its column (paper position). */
  scoreOrder: Entry[];
  /** The same for the objective questions only. */
  choiceOrder: Entry[];
  /** Each question's option letters as char codes (empty for a subjective one). */
  letterCodes: number[][];
}

interface Entry {
  prefix: string;
  column: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const DOT = 46;
const ZERO = 48;
const CLOSE = 125;
/** The characters a JSON number is made of, by char code. */
const NUMBER_CHAR = new Uint8Array(128);
for (const c of '0123456789.-+eE') NUMBER_CHAR[c.charCodeAt(0)] = 1;

const utf8 = (text: string) => Buffer.from(text, 'utf8');
function jsonbOrder(keys: string[], columns: number[]): Entry[] {
  return columns
    .map((column) => ({ key: keys[column]!, column }))
    .sort((a, b) => utf8(a.key).length - utf8(b.key).length || Buffer.compare(utf8(a.key), utf8(b.key)))
    .map(({ key, column }) => ({ prefix: `${JSON.stringify(key)}: `, column }));
}

export function seatLayout(keys: string[], objective: number[], letters: string[][]): SeatLayout {
  return {
    keys,
    scoreOrder: jsonbOrder(
      keys,
      keys.map((_, j) => j),
    ),
    choiceOrder: jsonbOrder(keys, objective),
    letterCodes: letters.map((ls) => ls.map((l) => l.charCodeAt(0))),
  };
}

/**
 * The decimal in text[from, to): exactly what Number gives (a whole number of units over a power of
 * ten is one correctly rounded division, as Number's own reading is); anything else (a sign, an
 * exponent) is read by Number itself.
 */
export function decimalAt(text: string, from: number, to: number): number {
  let units = 0;
  let scale = 1;
  let point = false;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c === DOT && !point) point = true;
    else {
      const digit = c - ZERO;
      if (digit < 0 || digit > 9 || units > 1e14) return Number(text.slice(from, to));
      units = units * 10 + digit;
      if (point) scale *= 10;
    }
  }
  return units / scale;
}

/** Where a plain number ends (at `, ` or `}`); −1 when the value is anything else. */
function numberEnd(text: string, at: number): number {
  for (let k = at; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === COMMA || c === CLOSE) return k === at ? -1 : k;
    if (NUMBER_CHAR[c] !== 1) return -1;
  }
  return -1;
}

/** The seat's scores object text[from, to) into columns[j][i]. */
export function readScoresAt(
  text: string,
  from: number,
  to: number,
  layout: SeatLayout,
  columns: Float64Array[],
  i: number,
): void {
  let at = from + 1;
  const order = layout.scoreOrder;
  for (let e = 0; e < order.length; e++) {
    const { prefix, column } = order[e]!;
    const end = text.startsWith(prefix, at) ? numberEnd(text, at + prefix.length) : -1;
    if (end < 0) {
      readScoresParsed(text.slice(from, to), layout, columns, i);
      return;
    }
    const start = at + prefix.length;
    columns[column]![i] = decimalAt(text, start, end);
    at = end + 2;
  }
  if (at - 1 !== to) readScoresParsed(text.slice(from, to), layout, columns, i);
}

function readScoresParsed(json: string, layout: SeatLayout, columns: Float64Array[], i: number): void {
  const values = JSON.parse(json) as Record<string, unknown>;
  layout.keys.forEach((key, j) => {
    const value = values[key];
    columns[j]![i] =
      value === null || value === undefined
        ? 0
        : typeof value === 'number'
          ? value
          : typeof value === 'string'
            ? Number(value)
            : Number.NaN;
  });
}

/** The seat's choices object text[from, to) into choices[j][i] (objective questions only). */
export function readChoicesAt(
  text: string,
  from: number,
  to: number,
  layout: SeatLayout,
  choices: (Uint16Array | null)[],
  i: number,
): void {
  let at = from + 1;
  const order = layout.choiceOrder;
  for (let e = 0; e < order.length; e++) {
    const { prefix, column } = order[e]!;
    if (!text.startsWith(prefix, at) || text.charCodeAt(at + prefix.length) !== QUOTE) {
      readChoicesParsed(text.slice(from, to), layout, choices, i);
      return;
    }
    const letters = layout.letterCodes[column]!;
    let mask = 0;
    let k = at + prefix.length + 1;
    for (; k < to; k++) {
      const c = text.charCodeAt(k);
      if (c === QUOTE) break;
      if (c === BACKSLASH) {
        readChoicesParsed(text.slice(from, to), layout, choices, i);
        return;
      }
      const b = letters.indexOf(c);
      if (b >= 0) mask |= 1 << b;
    }
    choices[column]![i] = k === at + prefix.length + 1 ? 0 : mask === 0 ? CHOICE_OTHER : mask;
    at = k + 3;
  }
  if (at - 1 !== to) readChoicesParsed(text.slice(from, to), layout, choices, i);
}

function readChoicesParsed(json: string, layout: SeatLayout, choices: (Uint16Array | null)[], i: number): void {
  const values = JSON.parse(json) as Record<string, unknown>;
  for (const { column } of layout.choiceOrder) {
    const value = values[layout.keys[column]!];
    const choice =
      value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    choices[column]![i] = choiceCode(choice, layout.letterCodes[column]!);
  }
}

/** Chosen letters as a bit set over the question's letters; 0 for none, CHOICE_OTHER when none of them. */
function choiceCode(choice: string, letters: number[]): number {
  if (choice === '') return 0;
  let mask = 0;
  for (let k = 0; k < choice.length; k++) {
    const b = letters.indexOf(choice.charCodeAt(k));
    if (b >= 0) mask |= 1 << b;
  }
  return mask === 0 ? CHOICE_OTHER : mask;
}
