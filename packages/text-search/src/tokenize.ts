// Chinese keyword search without a database extension (issue #6): a question's text becomes a list
// of lexemes — words from Intl.Segmenter, character bigrams of every CJK run (so any substring of
// two or more characters is found, whatever the segmenter decided), the last character of every
// run and one-character runs (so a one-character query finds its character anywhere), and
// lower-cased Latin words and numbers. The server stores them as a tsvector and matches a tsquery
// built from the same functions, so PGlite and PostgreSQL give the same answers.

const CJK = /[\p{Script=Han}]/u;
const CJK_RUN = /\p{Script=Han}+/gu;
const LATIN_WORD = /[\p{L}\p{N}]+/gu;
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

/** Longest lexeme kept; longer runs of letters are noise (base64, URLs). */
const MAX_LEXEME = 40;

/**
 * Removes LaTeX markup from `$…$` and `$$…$$` formulas: commands (`\frac`, `\mathrm`) go, their
 * letters and digits stay, so `$\frac{1}{2}x$` reads as `1 2 x`.
 */
export function stripLatex(text: string): string {
  return text.replace(
    /\$\$([\s\S]*?)\$\$|\$([^$]*)\$/g,
    (_m, display: string | undefined, inline: string | undefined) => {
      const formula = display ?? inline ?? '';
      return ` ${formula.replace(/\\[a-zA-Z]+|\\./g, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
    },
  );
}

function bigramsOf(run: string, out: Set<string>): void {
  const chars = [...run];
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  out.add(chars[chars.length - 1]!);
}

function latinWords(text: string, out: Set<string>): void {
  for (const match of text.replace(CJK_RUN, ' ').matchAll(LATIN_WORD)) {
    const word = match[0].toLowerCase();
    if (word.length <= MAX_LEXEME) out.add(word);
  }
}

/** The lexemes of a document (stem, options, explanation…), without duplicates. */
export function documentTokens(...texts: (string | null | undefined)[]): string[] {
  const out = new Set<string>();
  for (const raw of texts) {
    if (!raw) continue;
    const text = stripLatex(raw);
    for (const segment of segmenter.segment(text)) {
      if (segment.isWordLike && CJK.test(segment.segment) && !/[^\p{Script=Han}]/u.test(segment.segment)) {
        out.add(segment.segment);
      }
    }
    for (const match of text.matchAll(CJK_RUN)) bigramsOf(match[0], out);
    latinWords(text, out);
  }
  return [...out];
}

export interface QueryTerms {
  /** Every one must be present: bigrams of each CJK run of two or more characters, Latin words. */
  all: string[];
  /** One-character runs: present as a lexeme or as the first character of a bigram (prefix match). */
  prefixes: string[];
  /** The segmenter's words of the query: they raise the rank of documents that hold them whole. */
  words: string[];
}

/** How a keyword is matched: empty `all` and `prefixes` means the keyword has nothing searchable. */
export function queryTerms(keyword: string): QueryTerms {
  const text = stripLatex(keyword);
  const all = new Set<string>();
  const prefixes = new Set<string>();
  const words = new Set<string>();
  for (const match of text.matchAll(CJK_RUN)) {
    const chars = [...match[0]];
    if (chars.length === 1) prefixes.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) all.add(chars[i]! + chars[i + 1]!);
  }
  latinWords(text, all);
  for (const segment of segmenter.segment(text)) {
    if (segment.isWordLike && !/[^\p{Script=Han}]/u.test(segment.segment) && [...segment.segment].length > 2) {
      words.add(segment.segment);
    }
  }
  return { all: [...all], prefixes: [...prefixes], words: [...words] };
}
