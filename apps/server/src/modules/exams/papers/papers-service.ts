import type { ExamDoc, StandardPaper } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { badInput, ruleBroken } from '../../../platform/errors.ts';
import { FileResult, type Upload, type UploadRule } from '../../../platform/files.ts';
import { lockKey } from '../../../platform/locks.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import {
  auditExam,
  type CallParams,
  idOf,
  optionalIdOf,
  ownedBy,
  ownMultiExam,
  ownSingleExam,
  schoolOf,
} from '../access.ts';
import * as repo from './papers-repo.ts';

// Standard papers (标准答案, 评分细则) of single exams, and the school's exam documents (exam-doc):
// files kept in FileStorage under 'exam-docs', their rows in exam_docs.

export const EXAM_DOC_UPLOAD: UploadRule = {
  maxBytes: 20 * 1024 * 1024,
  extensions: ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.jpg', '.jpeg', '.png', '.zip'],
  typeMessage: '只能上传 pdf、doc、docx、xls、xlsx、jpg、png 或 zip 文件',
};

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  zip: 'application/zip',
};
const contentTypeOf = (fileName: string) =>
  CONTENT_TYPES[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

export function createPapersService(db: Db, storage: FileStorage) {
  /** An attached document is the school's and belongs to the same multi-exam. */
  async function checkDoc(ex: Executor, schoolId: number, meId: number, docId: string | null | undefined) {
    const id = optionalIdOf(docId, '文档');
    if (id === null) return null;
    const doc = ownedBy(await repo.findDoc(ex, id), schoolId, '该文档不存在或已删除');
    if (doc.multiExamId !== meId) throw badInput(`文档“${doc.fileName}”不属于该考试`, { field: 'docId' });
    return doc.id;
  }

  return {
    async findStandardPaperBySeId(actor: Actor, p: CallParams<'findStandardPaperBySeId'>): Promise<StandardPaper[]> {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return repo.papersOfSingle(db, single.id);
    },

    /** Type 5: every paper of the school; type 1: papers of the courses they teach in the exam's term. */
    async findStandardPaperByTeacherId(
      actor: Actor,
      p: CallParams<'findStandardPaperByTeacherId'>,
    ): Promise<StandardPaper[]> {
      const schoolId = schoolOf(actor, p.schoolId);
      return actor.type === 5 ? repo.papersOfSchool(db, schoolId) : repo.papersTaughtBy(db, schoolId, actor.userId);
    },

    async findStandardPaperByMark(actor: Actor, p: CallParams<'findStandardPaperByMark'>): Promise<StandardPaper[]> {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return repo.papersOfSingle(db, single.id);
    },

    async saveStandardPaper(actor: Actor, p: CallParams<'saveStandardPaper'>): Promise<StandardPaper> {
      const spId = await db.transaction(async (tx) => {
        const single = await ownSingleExam(tx, actor, p.schoolId, p.seId);
        await lockKey(tx, 'standard-papers', single.id);
        const docId = await checkDoc(tx, single.schoolId, single.multiExamId, p.docId);
        const values = { kind: p.kind, title: p.title, content: p.content, docId };
        // The same paper sent twice (a double click, a retried request) is the one already saved.
        const same = await repo.findSamePaper(tx, single.id, values);
        if (same !== null) return same;
        const id = await repo.insertPaper(tx, {
          schoolId: single.schoolId,
          singleExamId: single.id,
          ...values,
          updatedBy: actor.userId,
        });
        await auditExam(tx, actor, 'standard-paper.add', `standard-paper:${id}`, {
          after: { seId: single.id, ...values },
        });
        return id;
      });
      return repo.paperView(db, spId);
    },

    async updateStandardPaper(actor: Actor, p: CallParams<'updateStandardPaper'>): Promise<StandardPaper> {
      const schoolId = schoolOf(actor, p.schoolId);
      const spId = idOf(p.spId, '标准答案');
      await db.transaction(async (tx) => {
        // One edit at a time, so the audit's "before" is what this edit replaces.
        await lockKey(tx, 'standard-paper', spId);
        const before = ownedBy(await repo.findPaper(tx, spId), schoolId, '该标准答案不存在或已删除');
        const single = await ownSingleExam(tx, actor, p.schoolId, String(before.singleExamId));
        const docId = await checkDoc(tx, schoolId, single.multiExamId, p.docId);
        const values = { title: p.title, content: p.content, docId };
        await repo.updatePaper(tx, spId, { ...values, updatedBy: actor.userId });
        await auditExam(tx, actor, 'standard-paper.update', `standard-paper:${spId}`, { before, after: values });
      });
      return repo.paperView(db, spId);
    },

    async deleteStandardPaper(actor: Actor, p: CallParams<'deleteStandardPaper'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const spId = idOf(p.spId, '标准答案');
      await db.transaction(async (tx) => {
        await lockKey(tx, 'standard-paper', spId);
        const before = ownedBy(await repo.findPaper(tx, spId), schoolId, '该标准答案不存在或已删除');
        await repo.deletePaper(tx, spId);
        await auditExam(tx, actor, 'standard-paper.delete', `standard-paper:${spId}`, { before });
      });
      return null;
    },

    async getExamDocListBySchoolId(actor: Actor, p: CallParams<'getExamDocListBySchoolId'>) {
      const schoolId = schoolOf(actor, p.schoolId);
      const meId = optionalIdOf(p.meId, '考试');
      if (meId !== null) await ownMultiExam(db, actor, p.schoolId, p.meId!);
      const page = await repo.docPage(db, {
        schoolId,
        meId: meId ?? undefined,
        keyword: p.keyword || undefined,
        offset: (p.currentPage - 1) * p.pageSize,
        limit: p.pageSize,
      });
      return { ...page, currentPage: p.currentPage, pageSize: p.pageSize };
    },

    /** Checks the exam, stores the file, then records it; a failed record removes the file again. */
    async uploadExamDoc(actor: Actor, p: CallParams<'uploadExamDoc'>, upload: Upload): Promise<ExamDoc> {
      const multi = await ownMultiExam(db, actor, p.schoolId, p.meId);
      const seId = optionalIdOf(p.seId, '科目考试');
      if (seId !== null) {
        const single = await ownSingleExam(db, actor, p.schoolId, p.seId!);
        if (single.multiExamId !== multi.id) throw badInput('该科目考试不属于所选考试', { field: 'seId' });
      }
      const key = await storage.put('exam-docs', upload.fileName, upload.buffer);
      try {
        const docId = await db.transaction(async (tx) => {
          const values = {
            schoolId: multi.schoolId,
            multiExamId: multi.id,
            singleExamId: seId,
            kind: p.kind,
            fileName: upload.fileName,
            storageKey: key,
            size: upload.buffer.length,
            contentType: contentTypeOf(upload.fileName),
            uploadedBy: actor.userId,
          };
          const id = await repo.insertDoc(tx, values);
          await auditExam(tx, actor, 'exam-doc.upload', `exam-doc:${id}`, {
            after: { ...values, storageKey: undefined },
          });
          return id;
        });
        return repo.docView(db, multi.schoolId, docId);
      } catch (error) {
        await storage.remove(key).catch(() => undefined);
        throw error;
      }
    },

    async downloadExamDoc(actor: Actor, p: CallParams<'downloadExamDoc'>): Promise<FileResult> {
      const schoolId = schoolOf(actor, p.schoolId);
      const doc = ownedBy(await repo.findDoc(db, idOf(p.docId, '文档')), schoolId, '该文档不存在或已删除');
      return new FileResult(doc.fileName, doc.contentType, await storage.get(doc.storageKey));
    },

    async deleteExamDoc(actor: Actor, p: CallParams<'deleteExamDoc'>): Promise<null> {
      const schoolId = schoolOf(actor, p.schoolId);
      const docId = idOf(p.docId, '文档');
      const key = await db.transaction(async (tx) => {
        const doc = ownedBy(await repo.findDoc(tx, docId), schoolId, '该文档不存在或已删除');
        const linked = await repo.papersLinkingDoc(tx, docId);
        if (linked.length > 0) {
          throw ruleBroken(`该文档被标准答案“${linked[0]!.title}”引用，不能删除；请先修改或删除该标准答案`);
        }
        await repo.deleteDoc(tx, docId);
        await auditExam(tx, actor, 'exam-doc.delete', `exam-doc:${docId}`, { before: doc });
        return doc.storageKey;
      });
      await storage.remove(key).catch(() => undefined);
      return null;
    },
  };
}
