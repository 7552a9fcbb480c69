import type { Db } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import { CardFontMissing, renderCardPdf } from '../card-pdf/index.ts';
import { findCardOfSingle, findVersion } from '../cards/cards-repo.ts';
import type { RoomCardPrinter } from './room-prints-service.ts';

// printExamPaper's cards: the single exam's answer card at its current version, personalised for
// the room's students in seat order (renderCardPdf, the same PDF as the answer-card downloads).

export function roomCardPrinter(db: Db): RoomCardPrinter {
  return async (single, students) => {
    const card = await findCardOfSingle(db, single.id);
    if (!card) throw ruleBroken('该科目还没有答题卡，请先在“答题卡”中生成');
    const version = await findVersion(db, card.id, card.version);
    if (!version) throw ruleBroken('该科目的答题卡还没有内容，请先在“答题卡”中生成');
    try {
      return await renderCardPdf(version.template, { students });
    } catch (error) {
      if (error instanceof CardFontMissing) throw ruleBroken(error.message);
      throw error;
    }
  };
}
