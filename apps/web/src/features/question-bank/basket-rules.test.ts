import { BASKET_DUPLICATE_MESSAGE, BASKET_FULL_MESSAGE, type Basket } from '@huikao/contracts';
import { describe, expect, it } from 'vitest';
import { basketRefusal, inBasket, isBasketNotice } from './basket-rules.ts';

const basket = (ids: string[], max = 50): Basket => ({
  courseId: '2',
  total: ids.length,
  max,
  groups: [{ questionTypeId: '1', name: '单选题', quesIds: ids, count: ids.length }],
});

describe('basket rules', () => {
  it('refuses a question already in the basket with the spec message', () => {
    expect(basketRefusal(basket(['7']), '7')).toBe(BASKET_DUPLICATE_MESSAGE);
    expect(inBasket(basket(['7']), '7')).toBe(true);
  });

  it('refuses the 51st question with the spec message', () => {
    const full = basket(Array.from({ length: 50 }, (_, i) => String(i + 1)));
    expect(basketRefusal(full, '99')).toBe(BASKET_FULL_MESSAGE);
    expect(basketRefusal(basket(['1']), '99')).toBeNull();
  });

  it('lets the server decide while the basket is unknown', () => {
    expect(basketRefusal(undefined, '1')).toBeNull();
  });

  it('knows the server refusals that are notices', () => {
    expect(isBasketNotice(BASKET_FULL_MESSAGE)).toBe(true);
    expect(isBasketNotice(BASKET_DUPLICATE_MESSAGE)).toBe(true);
    expect(isBasketNotice('网络请求错误')).toBe(false);
  });
});
