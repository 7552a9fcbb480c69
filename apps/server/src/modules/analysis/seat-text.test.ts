import { describe, expect, it } from 'vitest';
import { readScores } from './seat-text.ts';

// Every piece must come out exactly as Number reads it: the loading used Number, and every
// statistic downstream depends on the same doubles.

describe('readScores', () => {
  it('reads each piece exactly as Number does', () => {
    const pieces = [
      '0',
      '3',
      '100',
      '12.5',
      '0.07',
      '0.1',
      '0.3',
      '1.005',
      '2.675',
      '99.99',
      '0.125',
      '7.0',
      '10.',
      '.5',
      '',
      '1e-5',
      '-3',
      '-0.5',
      'abc',
      '1.2.3',
      '123456789012345678',
      '0.0000001',
      '4.35',
    ];
    for (let seed = 0; seed < 2000; seed++) {
      const decimals = seed % 5;
      pieces.push((Math.floor((seed * 7919) % 15000) / 10 ** decimals).toFixed(decimals));
    }
    const columns = pieces.map(() => new Float64Array(3).fill(Number.NaN));
    readScores(pieces.join(','), columns, 1);
    pieces.forEach((piece, j) => {
      expect(Object.is(columns[j]![1], Number(piece)), `"${piece}"`).toBe(true);
      expect(columns[j]![0]).toBeNaN();
    });
  });

  it('writes one value for a single piece', () => {
    const columns = [new Float64Array(1)];
    readScores('2.5', columns, 0);
    expect(columns[0]![0]).toBe(2.5);
  });
});
