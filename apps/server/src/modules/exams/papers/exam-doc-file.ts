import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { idOf, ownedBy, schoolOf } from '../../../platform/tenancy.ts';
import * as repo from './papers-repo.ts';

/**
 * An exam document's stored file, for the documents module's previews and prints (issue #19):
 * the school checked (403 for another school's), a missing document 404.
 */
export async function examDocFile(
  db: Db,
  actor: Actor,
  schoolId: string,
  docId: string,
): Promise<{ fileName: string; storageKey: string }> {
  const school = schoolOf(actor, schoolId);
  const doc = ownedBy(await repo.findDoc(db, idOf(docId, '文档')), school, '该文档不存在或已删除');
  return { fileName: doc.fileName, storageKey: doc.storageKey };
}
