import type { CardTemplate } from '@huikao/contracts';

// The laid-out template as the contracts carry it (@huikao/answer-card's AnswerCardTemplate):
// pages and regions in millimetres from each page's top-left corner.
export type AnswerCardTemplate = CardTemplate['template'];
export type CardPage = AnswerCardTemplate['pages'][number];
export type Region = CardPage['regions'][number];
export type CardItem = AnswerCardTemplate['items'][number];

/** One answer box of the card as the designer lists it: its whole height, over all its pieces. */
export interface CardBox {
  id: string;
  label: string;
  fullMarks: number;
  height: number;
}

/** The card's answer boxes in paper order (the template's items). */
export function cardBoxes(template: AnswerCardTemplate): CardBox[] {
  return template.items.flatMap((item) =>
    item.kind === 'box'
      ? [{ id: item.box.id, label: item.box.label, fullMarks: item.box.fullMarks, height: item.box.height }]
      : [],
  );
}

/** Each box's whole height by box id, for the page view's handles. */
export function boxHeightsOf(template: AnswerCardTemplate): Record<string, number> {
  return Object.fromEntries(cardBoxes(template).map((box) => [box.id, box.height]));
}

/** How many objective questions and answer boxes the card carries, for a one-line summary. */
export function cardSummary(template: AnswerCardTemplate): { objective: number; boxes: number; pages: number } {
  const objective = template.items.reduce(
    (sum, item) => sum + (item.kind === 'objective' ? item.questions.length : 0),
    0,
  );
  return { objective, boxes: cardBoxes(template).length, pages: template.pages.length };
}
