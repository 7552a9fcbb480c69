import { describe, expect, it } from 'vitest';
import { documentTokens, queryTerms, stripLatex } from './index.ts';

describe('text search tokens', () => {
  it('keeps bigrams of Chinese runs, so any two-character substring is a lexeme', () => {
    const tokens = documentTokens('已知二次函数的图象');
    for (const bigram of ['二次', '次函', '函数', '的图', '图象']) expect(tokens).toContain(bigram);
    expect(tokens).toContain('象');
  });

  it('adds the segmenter words of the text', () => {
    const tokens = documentTokens('我们学习勾股定理');
    expect(tokens.some((t) => t.length >= 2 && '我们学习勾股定理'.includes(t))).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('lower-cases Latin words and keeps numbers', () => {
    expect(documentTokens('The Great Wall 长城 2022')).toEqual(
      expect.arrayContaining(['the', 'great', 'wall', '2022', '长城']),
    );
  });

  it('strips LaTeX commands but keeps letters and digits', () => {
    expect(stripLatex('求 $\\frac{1}{2}x^{2}$ 的值').replace(/\s+/g, ' ')).toBe('求 1 2 x 2 的值');
    const tokens = documentTokens('函数 $$\\sqrt{x}$$ 与 $\\mathrm{abc}$');
    expect(tokens).not.toContain('sqrt');
    expect(tokens).not.toContain('mathrm');
    expect(tokens).toEqual(expect.arrayContaining(['x', 'abc', '函数']));
  });

  it('builds queries whose terms are all lexemes of a document containing the keyword', () => {
    const doc = new Set(documentTokens('已知二次函数 y=ax^2 的图象经过点'));
    for (const keyword of ['二次函数', '函数', '次函数', '图象经过点', '图象 经过']) {
      const { all } = queryTerms(keyword);
      expect(all.length).toBeGreaterThan(0);
      for (const term of all) expect(doc.has(term)).toBe(true);
    }
    expect(queryTerms('三角形').all).toEqual(['三角', '角形']);
  });

  it('matches one-character keywords by prefix', () => {
    expect(queryTerms('圆')).toEqual({ all: [], prefixes: ['圆'], words: [] });
    expect(queryTerms('  ，。 ')).toEqual({ all: [], prefixes: [], words: [] });
  });
});
