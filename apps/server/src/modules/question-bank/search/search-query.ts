import { queryTerms } from '@huikao/text-search';

// Turns a keyword into tsquery text. The text travels as a bound parameter and is cast to tsquery,
// so no keyword reaches SQL as code; lexemes are quoted all the same (quotes and backslashes
// doubled), as the tsquery syntax asks.

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

export interface KeywordQuery {
  /** Every term must match. */
  match: string;
  /** The match, or any segmenter word of the keyword: documents holding the words rank higher. */
  rank: string;
}

/** null when the keyword holds nothing searchable (empty, punctuation only). */
export function keywordQuery(keyword: string | undefined): KeywordQuery | null {
  if (!keyword) return null;
  const terms = queryTerms(keyword);
  const parts = [...terms.all.map(quote), ...terms.prefixes.map((p) => `${quote(p)}:*`)];
  if (parts.length === 0) return null;
  const match = parts.join(' & ');
  const rank = terms.words.length ? `(${match}) | ${terms.words.map(quote).join(' | ')}` : match;
  return { match, rank };
}

/** Any of the terms of a text: the "close wording" of similar questions. */
export function anyTermQuery(lexemes: string[]): string | null {
  const picked = lexemes.filter((l) => [...l].length === 2 || /^[a-z]{3,}$/.test(l)).slice(0, 60);
  return picked.length ? picked.map(quote).join(' | ') : null;
}
