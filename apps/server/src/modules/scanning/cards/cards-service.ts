import type { CardListRow, CardTemplate, scanningCardsApi } from '@huikao/contracts';
import type { z } from 'zod';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { conflict, notFound } from '../../../platform/errors.ts';
import { idOf, raceToConflict, schoolOf } from '../../../platform/tenancy.ts';
import { ownMultiExam } from '../../exams/index.ts';
import { cardExam, ownCard, teachesExam } from './card-access.ts';
import { cardView, generateCard, generationSettings, isFrozen, relayCard } from './card-build.ts';
import { auditCard as audit, createCard, lockSingleExamCard } from './card-create.ts';
import * as lists from './card-lists-repo.ts';
import * as repo from './cards-repo.ts';

// Answer-card templates (issue #15): generation from the exam's structure, the designer's changes
// as versions, 已印刷, and 我的答题卡. Every write is one transaction under the card's row lock
// (a new card under a lock on its single exam), so two saves take turns and neither is lost:
// each change is applied to the card as the other left it. Layout is pure and quick (a few ms for
// 120 questions), so it runs inside the transaction that checks what it is built from.

export type CardParams<K extends keyof typeof scanningCardsApi> = z.output<(typeof scanningCardsApi)[K]['params']>;

export function createCardsService(db: Db) {
  async function read(actor: Actor, p: { schoolId: string; seId: string; version?: number }) {
    const single = await cardExam(db, actor, p.schoolId, p.seId);
    const card = await repo.findCardOfSingle(db, single.id);
    return card ? cardView(db, card, p.version) : null;
  }

  /** 我的答题卡's rows the actor may see (the same rule as every card call). */
  async function visibleRows(actor: Actor, schoolId: number, meId: number | null) {
    const rows = await lists.cardListRows(db, schoolId, meId);
    if (actor.type === 5) return rows;
    const links = await lists.teachingLinks(db, actor.userId);
    const seated = await lists.seatedClasses(
      db,
      rows.map((r) => r.seId),
    );
    return rows.filter((r) => teachesExam(actor, r, seated.get(r.seId) ?? [], links));
  }

  return {
    getExamTemplate: (actor: Actor, p: CardParams<'getExamTemplate'>) => read(actor, p),
    findTemplateBySeId: (actor: Actor, p: CardParams<'findTemplateBySeId'>) => read(actor, p),

    async saveExamTemplate(actor: Actor, p: CardParams<'saveExamTemplate'>): Promise<CardTemplate> {
      const templateId = await db
        .transaction(async (tx) => {
          const single = await cardExam(tx, actor, p.schoolId, p.seId);
          await lockSingleExamCard(tx, single.id);
          const existing = await repo.findCardOfSingle(tx, single.id);
          if (!existing) return createCard(tx, { actor, userId: actor.userId }, single, p.settings ?? {});
          if (!p.regenerate) {
            throw conflict('该科目已有答题卡；如需按当前题目重新生成，请选择“重新生成”');
          }
          const card = (await repo.lockCard(tx, existing.id))!;
          const current = (await repo.findVersion(tx, card.id, card.version))!;
          const frozen = isFrozen(current);
          const version = frozen ? card.version + 1 : card.version;
          const settings = await generationSettings(tx, single, { ...card.settings, ...(p.settings ?? {}) });
          const built = await generateCard(tx, single, card.id, version, settings);
          await repo.putVersion(tx, {
            templateId: card.id,
            version,
            schoolId: card.schoolId,
            template: built.template,
          });
          await repo.updateCard(tx, card.id, {
            version,
            revision: card.revision + 1,
            status: frozen && card.status !== 'scanning' ? 'draft' : card.status,
            settings: built.template.settings,
            questionsStamp: built.stamp,
            updatedBy: actor.userId,
          });
          await audit(tx, actor, 'regenerate', card.id, { version, settings: built.template.settings });
          return card.id;
        })
        .catch(raceToConflict);
      return cardView(db, (await repo.findCardRow(db, templateId))!);
    },

    async updateExamTemplate(actor: Actor, p: CardParams<'updateExamTemplate'>): Promise<CardTemplate> {
      const templateId = idOf(p.templateId, '答题卡');
      await db.transaction(async (tx) => {
        const { card } = await ownCard(tx, actor, p.schoolId, p.templateId, true);
        if (p.revision !== undefined && p.revision !== card.revision) {
          throw conflict('答题卡已被他人修改，请刷新后再改');
        }
        const current = (await repo.findVersion(tx, card.id, card.version))!;
        const frozen = isFrozen(current);
        const template = relayCard(current.template, p.change, frozen);
        await repo.putVersion(tx, {
          templateId: card.id,
          version: template.version,
          schoolId: card.schoolId,
          template,
        });
        await repo.updateCard(tx, card.id, {
          version: template.version,
          revision: card.revision + 1,
          status: frozen && card.status !== 'scanning' ? 'draft' : card.status,
          settings: template.settings,
          updatedBy: actor.userId,
        });
        await audit(tx, actor, 'update', card.id, { version: template.version, change: p.change });
      });
      return cardView(db, (await repo.findCardRow(db, templateId))!);
    },

    async markExamTemplatePrinted(actor: Actor, p: CardParams<'markExamTemplatePrinted'>): Promise<CardTemplate> {
      const templateId = idOf(p.templateId, '答题卡');
      await db.transaction(async (tx) => {
        const { card } = await ownCard(tx, actor, p.schoolId, p.templateId, true);
        await repo.setPrinted(tx, card.id, card.version);
        if (card.status === 'draft') await repo.updateCard(tx, card.id, { status: 'printed', updatedBy: actor.userId });
        await audit(tx, actor, 'printed', card.id, { version: card.version });
      });
      return cardView(db, (await repo.findCardRow(db, templateId))!);
    },

    async findExamTemplateList(actor: Actor, p: CardParams<'findExamTemplateList'>): Promise<CardListRow[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      const meId = p.meId === undefined ? null : (await ownMultiExam(db, actor, p.schoolId, p.meId)).id;
      const keyword = p.keyword?.toLowerCase();
      const rows = (await visibleRows(actor, schoolId, meId)).filter(
        (r) =>
          (p.status === undefined || r.status === p.status) &&
          (!keyword || r.examName.toLowerCase().includes(keyword) || r.courseName.toLowerCase().includes(keyword)),
      );
      const pages = await lists.pageCounts(
        db,
        rows.flatMap((r) => (r.templateId === null ? [] : [r.templateId])),
      );
      return rows.map((r) => ({
        meId: String(r.meId),
        examName: r.examName,
        gradeName: r.gradeName,
        termName: r.termName,
        startDate: r.startDate,
        seId: String(r.seId),
        courseId: String(r.courseId),
        courseName: r.courseName,
        questionCount: Number(r.questionCount),
        studentCount: Number(r.studentCount),
        templateId: r.templateId === null ? null : String(r.templateId),
        status: r.status,
        version: r.version,
        paper: r.settings?.paper ?? null,
        columns: r.settings?.columns ?? null,
        pageCount: r.templateId === null ? null : (pages.get(r.templateId) ?? null),
        updatedAt: r.updatedAt?.toISOString() ?? null,
      }));
    },

    // ---- Lookups of the designer (spec §7 examTemplate: school, teacher, course, parent, writer) ----

    async findTemplateSchool(actor: Actor, p: CardParams<'findTemplateSchool'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const name = await repo.schoolName(db, schoolId);
      if (name === null) throw notFound('学校不存在');
      return { schoolId: String(schoolId), name, examNumberLength: await repo.examNumberLength(db, schoolId, null) };
    },

    async findTemplateTeachers(actor: Actor, p: CardParams<'findTemplateTeachers'>) {
      const single = await cardExam(db, actor, p.schoolId, p.seId);
      const seated = (await lists.seatedClasses(db, [single.id])).get(single.id) ?? [];
      const rows = await lists.courseTeachers(db, single.multi.termId, single.courseId, seated);
      const byTeacher = new Map<number, { teacherId: string; name: string; classNames: string[] }>();
      for (const r of rows) {
        const entry = byTeacher.get(r.teacherId) ?? { teacherId: String(r.teacherId), name: r.name, classNames: [] };
        if (!entry.classNames.includes(r.className)) entry.classNames.push(r.className);
        byTeacher.set(r.teacherId, entry);
      }
      return [...byTeacher.values()];
    },

    async findTemplateCourses(actor: Actor, p: CardParams<'findTemplateCourses'>) {
      const exam = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const rows = await visibleRows(actor, exam.schoolId, exam.id);
      return rows.map((r) => ({
        seId: String(r.seId),
        courseId: String(r.courseId),
        courseName: r.courseName,
        templateId: r.templateId === null ? null : String(r.templateId),
        status: r.status,
      }));
    },

    async findTemplateParent(actor: Actor, p: CardParams<'findTemplateParent'>) {
      const single = await cardExam(db, actor, p.schoolId, p.seId);
      const names = await repo.cardNames(db, single.id, null);
      return {
        meId: String(names.meId),
        name: names.examName,
        gradeId: String(names.gradeId),
        gradeName: names.gradeName,
        termName: names.termName,
        examType: names.examType,
        status: names.examStatus,
      };
    },

    async findWriterCollegeInfo(actor: Actor, p: CardParams<'findWriterCollegeInfo'>) {
      const single = await cardExam(db, actor, p.schoolId, p.seId);
      const card = await repo.findCardOfSingle(db, single.id);
      const names = await repo.cardNames(db, single.id, card?.updatedBy ?? null);
      return {
        schoolName: names.schoolName,
        examName: names.examName,
        gradeName: names.gradeName,
        courseName: names.courseName,
        examNumberLength:
          card?.settings.examNumberLength ?? (await repo.examNumberLength(db, single.schoolId, single.id)),
        writerName: card ? names.writerName : null,
        updatedAt: card?.updatedAt.toISOString() ?? null,
      };
    },
  };
}
