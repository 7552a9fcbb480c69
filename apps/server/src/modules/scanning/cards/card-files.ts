import type { AnswerCardTemplate } from '@huikao/answer-card';
import type { AnswerSheetLink } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, notFound, ruleBroken } from '../../../platform/errors.ts';
import { FileResult } from '../../../platform/files.ts';
import { idOf, ownedBy } from '../../../platform/tenancy.ts';
import { CardFontMissing, type PersonalisedStudent, renderCardPdf, renderCardPdfInWorker } from '../card-pdf/index.ts';
import { ownCard } from './card-access.ts';
import { checkCardLink, signCardLink } from './card-link.ts';
import * as lists from './card-lists-repo.ts';
import { findCardVersion } from './card-versions.ts';
import * as repo from './cards-repo.ts';
import type { CardParams } from './cards-service.ts';

// The card as a file: the blank and personalised PDFs, and the signed /answerSheet link with its
// public calls. The template is read first; the PDF is rendered after, outside any transaction.

const PDF = 'application/pdf';
const byName = new Intl.Collator('zh-CN', { numeric: true });

/** File names: 九年级11月月考-数学-答题卡.pdf (characters a file system refuses become _). */
const fileName = (names: { examName: string; courseName: string }, suffix: string) =>
  `${names.examName}-${names.courseName}-${suffix}.pdf`.replace(/[\\/:*?"<>|]/g, '_');

/**
 * A single exam's students as personalised cards print them: by room, seat, class and 考号
 * (rooms and classes in natural order: 第2考场 before 第10考场), every one with a 考号.
 */
export async function personalisedStudents(
  ex: Executor,
  seId: number,
  filter: { classId?: number; room?: string } = {},
): Promise<PersonalisedStudent[]> {
  const rows = await lists.cardStudents(ex, seId, filter);
  if (rows.length === 0) throw badInput('没有可打印的考生：请先为该科目安排考生');
  const missing = rows.filter((r) => !r.examNo);
  if (missing.length > 0) {
    const names = missing
      .slice(0, 5)
      .map((r) => r.name)
      .join('、');
    throw ruleBroken(`有 ${missing.length} 名考生没有考号（${names}${missing.length > 5 ? '等' : ''}），请先补全考号`);
  }
  const text = (v: string | null) => v ?? '\uffff';
  rows.sort(
    (a, b) =>
      byName.compare(text(a.room), text(b.room)) ||
      (a.seat ?? Number.MAX_SAFE_INTEGER) - (b.seat ?? Number.MAX_SAFE_INTEGER) ||
      byName.compare(a.className, b.className) ||
      byName.compare(a.examNo!, b.examNo!),
  );
  return rows.map((r) => ({
    examNo: r.examNo!,
    name: r.name,
    className: r.className,
    ...(r.room ? { room: r.room } : {}),
    ...(r.seat !== null ? { seat: r.seat } : {}),
  }));
}

/**
 * The PDF, rendered outside any transaction: a blank card on this thread (tens of milliseconds), a
 * print run of personalised cards in a worker thread (seconds of CPU for a whole exam). A server
 * without the card's font says so in Chinese.
 */
async function render(template: AnswerCardTemplate, students?: PersonalisedStudent[]): Promise<Buffer> {
  try {
    return students ? await renderCardPdfInWorker(template, { students }) : await renderCardPdf(template);
  } catch (error) {
    if (error instanceof CardFontMissing) throw ruleBroken(error.message);
    throw error;
  }
}

export function createCardFiles(db: Db, secret: string, now: () => number = () => Math.floor(Date.now() / 1000)) {
  async function template(actor: Actor, p: { schoolId: string; templateId: string; version?: number }) {
    const { card } = await ownCard(db, actor, p.schoolId, p.templateId);
    const version = p.version ?? card.version;
    const row = await repo.findVersion(db, card.id, version);
    if (!row) throw badInput(`答题卡没有第 ${version} 版`, { field: 'version' });
    const names = await repo.cardNames(db, card.singleExamId, null);
    return { card, template: row.template, names };
  }

  async function signedTemplate(p: { templateId: string; version: number; expires: number; sign: string }) {
    checkCardLink(secret, p, now());
    const found = await findCardVersion(db, idOf(p.templateId, '答题卡'), p.version);
    if (!found) throw notFound('答题卡不存在或已删除');
    const names = await repo.cardNames(db, found.seId, null);
    return { template: found.template, names };
  }

  return {
    async downloadBlankCard(actor: Actor, p: CardParams<'downloadBlankCard'>): Promise<FileResult> {
      const found = await template(actor, p);
      return new FileResult(fileName(found.names, '答题卡'), PDF, await render(found.template));
    },

    async downloadPersonalisedCards(actor: Actor, p: CardParams<'downloadPersonalisedCards'>): Promise<FileResult> {
      const found = await template(actor, p);
      let classId: number | undefined;
      if (p.classId !== undefined) {
        classId = idOf(p.classId, '班级');
        ownedBy(await lists.classRow(db, classId), found.card.schoolId, '班级不存在或已删除');
      }
      const students = await personalisedStudents(db, found.card.singleExamId, { classId, room: p.room });
      const pdf = await render(found.template, students);
      return new FileResult(fileName(found.names, p.room ? `${p.room}-答题卡` : '考生答题卡'), PDF, pdf);
    },

    async signAnswerSheetLink(actor: Actor, p: CardParams<'signAnswerSheetLink'>): Promise<AnswerSheetLink> {
      const { card } = await ownCard(db, actor, p.schoolId, p.templateId);
      return signCardLink(secret, { templateId: String(card.id), version: card.version }, now());
    },

    async answerSheetTemplate(
      p: CardParams<'answerSheetTemplate'>,
    ): Promise<{ template: AnswerCardTemplate; examName: string; courseName: string }> {
      const { template: t, names } = await signedTemplate(p);
      return { template: t, examName: names.examName, courseName: names.courseName };
    },

    async answerSheetPdf(p: CardParams<'answerSheetPdf'>): Promise<FileResult> {
      const { template: t, names } = await signedTemplate(p);
      return new FileResult(fileName(names, '答题卡'), PDF, await render(t));
    },
  };
}
