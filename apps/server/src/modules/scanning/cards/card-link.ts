import { createHmac, timingSafeEqual } from 'node:crypto';
import { forbidden } from '../../../platform/errors.ts';

// The signed link to /answerSheet (answer-cards-and-scanning.md): the print view opens without a
// session, so the link itself is the key. HMAC-SHA256 over (template id, version, expiry) with a
// key derived from the server's secret; checked in constant time; refused once expired.

export const LINK_LIFETIME_SECONDS = 2 * 60 * 60;

export interface SignedCard {
  templateId: string;
  version: number;
  expires: number;
}

function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('huikao answer-sheet link').digest();
}

export function signCardLink(secret: string, card: Omit<SignedCard, 'expires'>, nowSeconds: number) {
  const expires = nowSeconds + LINK_LIFETIME_SECONDS;
  const sign = signatureOf(secret, { ...card, expires });
  const query = new URLSearchParams({
    templateId: card.templateId,
    version: String(card.version),
    expires: String(expires),
    sign,
  });
  return { ...card, expires, sign, url: `/answerSheet?${query.toString()}` };
}

function signatureOf(secret: string, card: SignedCard): string {
  return createHmac('sha256', linkKey(secret))
    .update(`${card.templateId}.${card.version}.${card.expires}`)
    .digest('hex');
}

/** Refuses (403) a link whose signature does not match or whose time has passed. */
export function checkCardLink(secret: string, card: SignedCard & { sign: string }, nowSeconds: number): void {
  const expected = Buffer.from(signatureOf(secret, card), 'hex');
  const given = Buffer.from(card.sign, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw forbidden('答题卡链接无效，请从答题卡页面重新打开');
  }
  if (card.expires <= nowSeconds) throw forbidden('答题卡链接已过期，请从答题卡页面重新打开');
}
