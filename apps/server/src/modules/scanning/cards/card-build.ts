import {
  type AnswerCardTemplate,
  AnswerCardError,
  type CardSettings,
  generateTemplate,
  type LayoutChange,
  layoutTemplate,
  validateTemplate,
} from '@huikao/answer-card';
import type { CardTemplate } from '@huikao/contracts';
import type { Executor } from '../../../platform/db.ts';
import { badInput } from '../../../platform/errors.ts';
import { examStructureOf, type SingleWithMulti } from '../../exams/index.ts';
import { cardQuestions, questionsStamp } from './card-questions.ts';
import * as repo from './cards-repo.ts';

// Building a card: generation from the exam's structure and the designer's re-layout, both through
// @huikao/answer-card, each refused as a whole (a Chinese message, nothing saved) when the result
// would not print or read; and the card's view as the calls answer it.

/** When neither the exam nor the school has a 考号 yet: the common eight digits. */
export const FALLBACK_EXAM_NUMBER_LENGTH = 8;

/** A problem of the card, as bad input naming every problem found. */
export function refusedCard(error: unknown): never {
  if (error instanceof AnswerCardError) throw badInput(error.message);
  throw error;
}

/** Refuses a laid-out template that would not print or read (a defence behind the layout's own checks). */
export function assertPrintable(template: AnswerCardTemplate): AnswerCardTemplate {
  const problems = validateTemplate(template);
  if (problems.length > 0) throw badInput(problems.map((p) => p.message).join('；'));
  return template;
}

export interface Generated {
  template: AnswerCardTemplate;
  stamp: string;
}

/** The exam's current structure, and the digest that tells when it changed. */
export async function structureOf(ex: Executor, seId: number) {
  const { groups, questions } = await examStructureOf(ex, seId);
  const mapped = cardQuestions(questions, groups);
  return { questions: mapped, stamp: questionsStamp(mapped) };
}

/** Settings for a generation: the given ones, else the card's, else the defaults (examNumberLength from the school's 考号). */
export async function generationSettings(
  ex: Executor,
  single: SingleWithMulti,
  base: Partial<CardSettings>,
): Promise<Partial<CardSettings> & { examNumberLength: number }> {
  const length =
    base.examNumberLength ??
    (await repo.examNumberLength(ex, single.schoolId, single.id)) ??
    FALLBACK_EXAM_NUMBER_LENGTH;
  return { ...base, examNumberLength: length };
}

export async function generateCard(
  ex: Executor,
  single: SingleWithMulti,
  templateId: number,
  version: number,
  settings: Partial<CardSettings> & { examNumberLength: number },
): Promise<Generated> {
  const { questions, stamp } = await structureOf(ex, single.id);
  const names = await repo.cardNames(ex, single.id, null);
  try {
    const template = generateTemplate(questions, {
      templateId: String(templateId),
      version,
      title: names.examName,
      subject: names.courseName,
      ...settings,
    });
    return { template: assertPrintable(template), stamp };
  } catch (error) {
    return refusedCard(error);
  }
}

export function relayCard(template: AnswerCardTemplate, change: LayoutChange, frozen: boolean): AnswerCardTemplate {
  try {
    return assertPrintable(layoutTemplate(template, change, { versionHasScans: frozen }));
  } catch (error) {
    return refusedCard(error);
  }
}

/** Whether a version can no longer change: printed or scanned. */
export const isFrozen = (version: repo.CardVersionRow) => version.printedAt !== null || version.scannedAt !== null;

export async function cardView(ex: Executor, card: repo.CardRow, version?: number): Promise<CardTemplate> {
  const wanted = version ?? card.version;
  const row = await repo.findVersion(ex, card.id, wanted);
  if (!row) throw badInput(`答题卡没有第 ${wanted} 版`, { field: 'version' });
  const names = await repo.cardNames(ex, card.singleExamId, card.updatedBy);
  const scanned = await repo.scannedVersions(ex, card.id);
  const current = await structureOf(ex, card.singleExamId);
  return {
    templateId: String(card.id),
    schoolId: String(card.schoolId),
    seId: String(card.singleExamId),
    meId: String(names.meId),
    examName: names.examName,
    courseId: String(names.courseId),
    courseName: names.courseName,
    gradeName: names.gradeName,
    status: card.status,
    version: row.version,
    revision: card.revision,
    frozen: isFrozen(row),
    scannedVersions: scanned,
    settings: row.template.settings,
    structureChanged: current.stamp !== card.questionsStamp,
    template: row.template,
    updatedAt: card.updatedAt.toISOString(),
    updatedByName: names.writerName,
  };
}
