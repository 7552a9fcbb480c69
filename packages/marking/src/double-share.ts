import { MarkingInputError } from './errors.ts';

/**
 * cyrb53 (a public-domain 53-bit string hash): fast, pure, and spread evenly enough that a
 * threshold on it picks a share of papers within a fraction of a percent over a few thousand.
 * A random draw would change on every call; a hash of (seed, paper) gives the same answer on
 * every server, after a restart, and for a paper scanned late.
 */
export function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

const RANGE = 2 ** 53;

/**
 * Whether a paper goes to a second marker under 双评比例 (marking.md "A share setting … may send
 * only a random share of papers to a second marker"). The paper is chosen when its hash falls
 * below the share of the hash range, so raising the share only ever adds papers: a paper double
 * marked at 30 % is double marked at 50 %.
 */
export function isDoubleMarked(shareSeed: string, paperId: string, sharePercent: number): boolean {
  if (!Number.isInteger(sharePercent) || sharePercent < 0 || sharePercent > 100) {
    throw new MarkingInputError('双评比例必须是 0 到 100 之间的整数');
  }
  if (sharePercent === 100) return true;
  if (sharePercent === 0) return false;
  // The unit separator keeps ("a1", "2") and ("a", "12") apart.
  return hash53(`${shareSeed}\u001f${paperId}`) < (RANGE / 100) * sharePercent;
}
