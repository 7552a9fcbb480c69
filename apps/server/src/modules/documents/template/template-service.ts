import {
  DEFAULT_PAPER_TEMPLATE,
  type PaperTemplate,
  paperTemplateSchema,
  type SavedPaperTemplate,
  TEMPLATE_BACKGROUND_MAX,
} from '@huikao/contracts';
import sharp from 'sharp';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { badInput, notFound, ruleBroken } from '../../../platform/errors.ts';
import { FileResult } from '../../../platform/files.ts';
import { schoolOf } from '../../../platform/tenancy.ts';
import type { PaperExports } from '../../question-bank/index.ts';
import { exportPaperOf } from '../export-paper.ts';
import { paperDocx } from '../paper-docx.ts';
import type { ReadFigure } from '../question-figures.ts';
import { DOCX_CONTENT_TYPE, exportFileName } from '../service.ts';
import type { ToolFiles } from '../tools/tool-files.ts';
import { SAMPLE_PAPER } from './sample-paper.ts';
import { type TemplateContext, templatedPaper, templateLook } from './template-docx.ts';
import { findTemplate, type PaperTemplateRow, schoolName, upsertTemplate } from './template-repo.ts';

// template/getTemplate, template/saveTemplate, file/templateFileCopy and word/wordBGExport. A
// scope without a template of its own prints the school's ('' scope), and a school without one
// the default; the background picture is an uploaded tool file of the same school, checked here
// to be a PNG or JPEG of at most 2 MB, so the export can always embed it.

export function createTemplateService(
  db: Db,
  files: ToolFiles,
  exports: PaperExports,
  figures: (actor: Actor) => ReadFigure,
) {
  async function effective(school: number, scope: string) {
    const own = await findTemplate(db, school, scope);
    const row = own ?? (scope ? await findTemplate(db, school, '') : null);
    return { own, template: row ? paperTemplateSchema.parse(row.template) : DEFAULT_PAPER_TEMPLATE };
  }

  async function answer(
    schoolId: string,
    scope: string,
    own: PaperTemplateRow | null,
    template: PaperTemplate,
  ): Promise<SavedPaperTemplate> {
    const backgroundUrl = template.backgroundFileKey ? (await files.link(template.backgroundFileKey)).url : null;
    return {
      schoolId,
      scope,
      saved: own !== null,
      template,
      backgroundUrl,
      updatedAt: own ? own.updatedAt.toISOString() : null,
    };
  }

  /** The background's bytes, refused (Chinese message) when not a PNG/JPEG or too large. */
  async function backgroundOf(actor: Actor, schoolId: string, key: string): Promise<TemplateContext['background']> {
    const bytes = await files.read(actor, schoolId, key);
    if (bytes.length > TEMPLATE_BACKGROUND_MAX.bytes) {
      throw badInput(`背景图片过大：最大 ${TEMPLATE_BACKGROUND_MAX.label}`, { field: 'backgroundFileKey' });
    }
    const format = await sharp(bytes)
      .metadata()
      .then((m) => m.format)
      .catch(() => null);
    if (format !== 'png' && format !== 'jpeg') {
      throw badInput('背景必须是 PNG 或 JPEG 图片', { field: 'backgroundFileKey' });
    }
    return { bytes, type: format === 'png' ? 'png' : 'jpg' };
  }

  return {
    async read(actor: Actor, p: { schoolId: string; scope: string }) {
      const { own, template } = await effective(schoolOf(actor, p.schoolId), p.scope);
      return answer(p.schoolId, p.scope, own, template);
    },
    async save(actor: Actor, p: { schoolId: string; scope: string; template: PaperTemplate }) {
      const school = schoolOf(actor, p.schoolId);
      if (p.template.backgroundFileKey) await backgroundOf(actor, p.schoolId, p.template.backgroundFileKey);
      const row = await upsertTemplate(db, {
        schoolId: school,
        scope: p.scope,
        template: p.template,
        updatedBy: actor.userId,
      });
      return answer(p.schoolId, p.scope, row, p.template);
    },
    async copy(actor: Actor, p: { schoolId: string; fromScope: string; toScope: string }) {
      const school = schoolOf(actor, p.schoolId);
      if (p.fromScope === p.toScope) throw badInput('复制的来源和目标不能相同', { field: 'toScope' });
      const from = await findTemplate(db, school, p.fromScope);
      if (!from) throw notFound('来源考试或学年还没有保存过试卷模板');
      const template = paperTemplateSchema.parse(from.template);
      const row = await upsertTemplate(db, { schoolId: school, scope: p.toScope, template, updatedBy: actor.userId });
      return answer(p.schoolId, p.toScope, row, template);
    },
    /** A sample paper printed with the form's template, stored as a tool Word file to preview. */
    async preview(actor: Actor, p: { schoolId: string; template: PaperTemplate }) {
      const school = schoolOf(actor, p.schoolId);
      const { template } = p;
      const context: TemplateContext = {
        schoolName: await schoolName(db, school),
        background: template.backgroundFileKey
          ? await backgroundOf(actor, p.schoolId, template.backgroundFileKey)
          : undefined,
      };
      const printed = templatedPaper(SAMPLE_PAPER, template);
      const docx = await paperDocx(printed, 'student', undefined, templateLook(printed, template, context));
      return files.store(actor, p.schoolId, 'word', {
        fileName: '试卷模板预览.docx',
        mimeType: DOCX_CONTENT_TYPE,
        buffer: docx,
      });
    },
    async exportWord(
      actor: Actor,
      p: { schoolId: string; userPaperId: string; scope: string; version: 'student' | 'teacher' },
    ): Promise<FileResult> {
      const school = schoolOf(actor, p.schoolId);
      const { template } = await effective(school, p.scope);
      const paper = exportPaperOf(await exports.paper(actor, p.userPaperId));
      if (paper.questionCount === 0) throw ruleBroken('试卷中没有可导出的试题');
      const context: TemplateContext = {
        schoolName: await schoolName(db, school),
        background: template.backgroundFileKey
          ? await backgroundOf(actor, p.schoolId, template.backgroundFileKey)
          : undefined,
      };
      const printed = templatedPaper(paper, template);
      const docx = await paperDocx(printed, p.version, figures(actor), templateLook(printed, template, context));
      return new FileResult(exportFileName(paper.title, p.version, 'docx'), DOCX_CONTENT_TYPE, docx);
    },
  };
}
