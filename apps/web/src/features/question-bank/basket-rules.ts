import { BASKET_DUPLICATE_MESSAGE, BASKET_FULL_MESSAGE, type Basket } from '@huikao/contracts';

// Spec §4/§5: the basket refuses a 51st question of a course and a question already in it. The
// server decides; the browser says the same thing at once when the basket it holds already shows
// the refusal, without a round trip.

/** The refusal message, or null when the question may be added. */
export function basketRefusal(basket: Basket | undefined, quesId: string): string | null {
  if (!basket) return null;
  if (basket.groups.some((group) => group.quesIds.includes(quesId))) return BASKET_DUPLICATE_MESSAGE;
  if (basket.total >= basket.max) return BASKET_FULL_MESSAGE;
  return null;
}

export function inBasket(basket: Basket | undefined, quesId: string): boolean {
  return !!basket?.groups.some((group) => group.quesIds.includes(quesId));
}

/** Server messages that are basket notices (titled 提示), not failures. */
export function isBasketNotice(message: string): boolean {
  return message === BASKET_FULL_MESSAGE || message === BASKET_DUPLICATE_MESSAGE;
}
