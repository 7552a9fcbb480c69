export { documentTokens, type QueryTerms, queryTerms, stripLatex } from './tokenize.ts';
