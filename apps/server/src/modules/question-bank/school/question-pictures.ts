import { QUESTION_PICTURE_FILE, questionPictureToken } from '@huikao/contracts';
import sharp from 'sharp';
import type { Actor } from '../../../platform/auth-context.ts';
import { notFound } from '../../../platform/errors.ts';
import { FileResult } from '../../../platform/files.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import { type DocxPaper, type DocxQuestion, PICTURE_MARK } from '../import/parse-docx-paper.ts';
import { ownSchool } from './school-access.ts';

// The pictures of a Word import (#22 item 3). Each picture a question uses is checked (a raster
// format sharp reads, not too large), stored under its school's folder and referenced from the
// question text by a `{{图:<school>/<file>}}` token; what cannot be shown on a web page (EMF/WMF
// drawings, a broken or oversize file) is left out with a note on its question. The file is
// readable only by users of that school, so the folder names the school.

/** A scanned page at print resolution is a few MB; anything larger is not a question's figure. */
export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;

const FORMATS: Record<string, { extension: string; contentType: string }> = {
  png: { extension: 'png', contentType: 'image/png' },
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  gif: { extension: 'gif', contentType: 'image/gif' },
  webp: { extension: 'webp', contentType: 'image/webp' },
};
const CONTENT_TYPES = new Map(Object.values(FORMATS).map((f) => [f.extension, f.contentType]));

const folderOf = (schoolId: number) => `question-pictures-${schoolId}`;

type Kept = { token: string } | { refused: string };

export function createQuestionPictures(storage: FileStorage) {
  /** What a picture becomes: its token once stored, or why it was left out. */
  async function keepOne(schoolId: number, picture: DocxPaper['pictures'][number] | undefined): Promise<Kept> {
    if (!picture) return { refused: '无法读取' };
    const bytes = Buffer.from(picture.bytes.buffer, picture.bytes.byteOffset, picture.bytes.byteLength);
    if (bytes.length > PICTURE_MAX_BYTES) {
      return { refused: `超过 ${PICTURE_MAX_BYTES / 1024 / 1024} MB` };
    }
    const format = await sharp(bytes)
      .metadata()
      .then((meta) => (meta.format ? FORMATS[meta.format] : undefined))
      .catch(() => undefined);
    if (!format) {
      const kind = picture.contentType.replace(/^image\//, '').toUpperCase() || '未知';
      return { refused: `格式（${kind}）不是 PNG、JPEG、GIF 或 WebP` };
    }
    const key = await storage.put(folderOf(schoolId), `picture.${format.extension}`, bytes);
    return { token: questionPictureToken(schoolId, key.slice(folderOf(schoolId).length + 1)) };
  }

  return {
    /**
     * The paper with each picture marker replaced by its stored picture's token, or removed with a
     * note on its question and one on the paper. Stored at preview time: the preview's text already
     * shows the pictures, and a preview never confirmed leaves only unreferenced files behind.
     */
    async keep(schoolId: number, paper: DocxPaper): Promise<DocxPaper> {
      const kept = new Map<number, Kept>();
      const used = new Set<number>();
      for (const question of paper.questions) {
        for (const text of textsOf(question)) for (const m of text.matchAll(PICTURE_MARK)) used.add(Number(m[1]));
      }
      // One at a time: sharp and the disk are the work here, and a paper has a few dozen pictures.
      for (const index of [...used].sort((a, b) => a - b))
        kept.set(index, await keepOne(schoolId, paper.pictures[index]));

      const refusedIn: number[] = [];
      const questions = paper.questions.map((question) => {
        const notes = [...question.notes];
        let position = 0;
        const swap = (text: string) =>
          text.replace(PICTURE_MARK, (_mark, index: string) => {
            position++;
            const result = kept.get(Number(index))!;
            if ('token' in result) return result.token;
            notes.push(`第 ${position} 张图片${result.refused}，未导入，请在预览中补充`);
            return '';
          });
        const next: DocxQuestion = {
          ...question,
          stem: swap(question.stem).trim(),
          options: question.options.map((option) => swap(option).trim()),
          answer: swap(question.answer).trim(),
          explanation: swap(question.explanation).trim(),
          notes,
        };
        if (notes.length > question.notes.length) refusedIn.push(question.no);
        return next;
      });
      const notes = [...paper.notes];
      if (refusedIn.length > 0) notes.push(`第 ${refusedIn.join('、')} 题有图片未能导入（见各题提示）`);
      return { ...paper, questions, notes, pictures: [] };
    },

    /**
     * A picture pasted into the question editor (the tool service's file/imgStreamUploaded, #19):
     * the same checks and folder as an imported figure; its storage key and text token, or why not.
     */
    async paste(schoolId: number, bytes: Buffer): Promise<{ key: string; token: string } | { refused: string }> {
      const kept = await keepOne(schoolId, { bytes: new Uint8Array(bytes), contentType: '' });
      if (!('token' in kept)) return kept;
      const picture = /^\{\{图:\d+\/(.+)\}\}$/.exec(kept.token)![1]!;
      return { key: `${folderOf(schoolId)}/${picture}`, token: kept.token };
    },

    /** A stored picture's bytes for the Word export: null for another school's or an unknown one. */
    async bytes(actor: Actor, schoolId: string, picture: string): Promise<Buffer | null> {
      if (String(actor.schoolId) !== schoolId || !QUESTION_PICTURE_FILE.test(picture)) return null;
      return storage.get(`${folderOf(actor.schoolId)}/${picture}`).catch(() => null);
    },

    /** A stored picture, for users of its school only (another school: 403; unknown file: 404). */
    async read(actor: Actor, p: { schoolId: string; picture: string }): Promise<FileResult> {
      const schoolId = ownSchool(actor, p.schoolId);
      const extension = p.picture.slice(p.picture.lastIndexOf('.') + 1);
      const bytes = await storage.get(`${folderOf(schoolId)}/${p.picture}`).catch(() => {
        throw notFound('图片不存在');
      });
      return new FileResult(p.picture.replace(/^.*\//, ''), CONTENT_TYPES.get(extension)!, bytes);
    },
  };
}

const textsOf = (q: DocxQuestion) => [q.stem, ...q.options, q.answer, q.explanation];
