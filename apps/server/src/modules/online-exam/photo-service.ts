import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../platform/auth-context.ts';
import type { Db } from '../../platform/db.ts';
import { badInput, forbidden, ruleBroken } from '../../platform/errors.ts';
import type { Upload, UploadRule } from '../../platform/files.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { manageableExam } from './create-service.ts';
import * as repo from './repo.ts';
import type { Clock } from './sitting-service.ts';

// Answer photos (issue #18): a student photographs a subjective answer; the bytes must really be
// JPEG or PNG (checked by content, not by name) and at most 8 MB. Each photo is stored in a folder
// naming the school and the sitting, `online-<school>-<sitting>`, so a key says whose it is: a
// student gets links only to keys of their own sitting, a teacher only to keys of that exam.

export const ONLINE_PHOTO_UPLOAD: UploadRule = {
  maxBytes: 8 * 1024 * 1024,
  extensions: ['.jpg', '.jpeg', '.png'],
  typeMessage: '只能上传 JPG 或 PNG 格式的图片',
};
const LINK_SECONDS = 30 * 60;

const folderOf = (schoolId: number, sittingId: number) => `online-${schoolId}-${sittingId}`;
const sittingOfKey = (key: string) => /^online-(\d+)-(\d+)\//.exec(key);

export function createPhotoService(db: Db, storage: FileStorage, clock: Clock) {
  async function links(keys: string[]) {
    return Promise.all(
      keys.map(async (photoKey) => ({ photoKey, url: await storage.signedUrl(photoKey, LINK_SECONDS) })),
    );
  }
  async function mySitting(actor: Actor, onlineExamId: number) {
    const row = await repo.examGivenToUser(db, onlineExamId, actor.userId, actor.schoolId);
    if (!row) throw forbidden('无权访问该在线考试');
    const sitting = await repo.sittingOf(db, onlineExamId, row.studentId);
    if (!sitting) throw ruleBroken('请先开始作答');
    return sitting;
  }

  return {
    async upload(actor: Actor, onlineExamId: number, upload: Upload) {
      const sitting = await mySitting(actor, onlineExamId);
      if (sitting.submittedAt) throw ruleBroken('已交卷，不能再上传图片');
      if (sitting.deadline <= clock.now()) throw ruleBroken('考试时间已到，不能再上传图片');
      if (upload.buffer.length === 0) throw badInput('上传的图片是空的', { field: 'file' });
      if (upload.buffer.length > ONLINE_PHOTO_UPLOAD.maxBytes) throw badInput('图片不能超过 8 MB', { field: 'file' });
      const type = await fileTypeFromBuffer(upload.buffer).catch(() => undefined);
      if (!type || (type.ext !== 'jpg' && type.ext !== 'png')) {
        throw badInput('图片内容不是 JPG 或 PNG，请重新拍照或选择图片', { field: 'file' });
      }
      const key = await storage.put(folderOf(actor.schoolId, sitting.id), `photo.${type.ext}`, upload.buffer);
      const [link] = await links([key]);
      return link!;
    },

    async mine(actor: Actor, onlineExamId: number, keys: string[]) {
      const sitting = await mySitting(actor, onlineExamId);
      const folder = `${folderOf(actor.schoolId, sitting.id)}/`;
      if (keys.some((k) => !k.startsWith(folder))) throw forbidden('只能查看自己上传的图片');
      return links(keys);
    },

    async ofPapers(actor: Actor, onlineExamId: number, keys: string[]) {
      const exam = await manageableExam(db, actor, onlineExamId);
      for (const key of keys) {
        const match = sittingOfKey(key);
        const sitting =
          match && Number(match[1]) === exam.schoolId ? await repo.sittingById(db, Number(match[2])) : null;
        if (!sitting || sitting.onlineExamId !== exam.id) throw forbidden('图片不属于该在线考试');
      }
      return links(keys);
    },
  };
}
