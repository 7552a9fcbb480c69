import { downloadUrlOf } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { forbidden } from '../../../platform/errors.ts';
import { countUse } from '../search/questions-repo.ts';
import * as repo from './downloads-repo.ts';
import { assertCaller, ownedRow, rowId } from './user-owner.ts';
import { createUserPapersService } from './user-papers-service.ts';

// The sub-data calls (spec §7, GET): the teacher's download record. `openid` is the caller's
// loginName; another user's is HTTP 403.

const MISSING = '下载记录不存在';

type Row = NonNullable<Awaited<ReturnType<typeof repo.downloadById>>>;

const toDownload = (row: Row) => ({
  id: String(row.id),
  userPaperId: row.userPaperId === null ? null : String(row.userPaperId),
  title: row.title ?? row.fileName.replace(/\.[^.]+$/, ''),
  fileName: row.fileName,
  format: row.format,
  courseId: row.courseId === null ? null : String(row.courseId),
  courseName: row.courseName,
  downloadedAt: row.at.toISOString(),
});

function assertOpenid(actor: Actor, openid: string): void {
  if (openid !== actor.loginName) throw forbidden('只能查看自己的下载记录');
}

export function createDownloadsService(db: Db, papers: ReturnType<typeof createUserPapersService>) {
  async function own(actor: Actor, id: string, openid: string) {
    assertOpenid(actor, openid);
    return ownedRow(actor, await repo.downloadById(db, rowId(id, MISSING)), MISSING);
  }

  return {
    /** The school platform sells no membership: 校园版 with no daily limit, and real download counts. */
    async findShipInfo(actor: Actor, params: { userId: string; schoolId: string; type: number }) {
      assertCaller(actor, params);
      const counts = await repo.counts(db, actor.userId);
      return {
        userId: String(actor.userId),
        type: actor.type,
        memberName: '校园版',
        dailyLimit: null,
        downloadsToday: Number(counts.today),
        downloadsThisMonth: Number(counts.month),
        downloadsTotal: Number(counts.total),
        lastDownloadAt: counts.last === null ? null : new Date(counts.last).toISOString(),
      };
    },

    async getDownloads(
      actor: Actor,
      params: {
        openid: string;
        startTime?: string;
        endTime?: string;
        courseId?: string;
        pageIndex: number;
        pageSize: number;
        sort: number;
      },
    ) {
      assertOpenid(actor, params.openid);
      const page = await repo.findPage(db, actor.userId, params);
      return {
        list: page.rows.map(toDownload),
        total: page.total,
        pageIndex: params.pageIndex,
        pageSize: params.pageSize,
      };
    },

    async getDetails(actor: Actor, params: { id: string; openid: string; formulaPicFormat: string }) {
      const row = await own(actor, params.id, params.openid);
      const paper =
        row.userPaperId !== null && row.title !== null ? await papers.detail(actor, String(row.userPaperId)) : null;
      return { ...toDownload(row), formulaPicFormat: params.formulaPicFormat, paper };
    },

    async getUrl(actor: Actor, params: { id: string; openid: string }) {
      const row = await own(actor, params.id, params.openid);
      const url =
        row.userPaperId !== null && row.title !== null ? downloadUrlOf(String(row.userPaperId), row.format) : null;
      return { id: String(row.id), fileName: row.fileName, url };
    },
  };
}

/**
 * What the Word/PDF export (documents module) needs of the bank: the caller's own paper with the
 * questions it may read (another user's paper is 403, a missing one 404), and the record of one
 * export: its download row and one more use of each of the paper's questions, in one transaction.
 */
export function createPaperExports(db: Db) {
  const papers = createUserPapersService(db);
  return {
    paper: (actor: Actor, paperId: string) => papers.detail(actor, paperId),
    recordExport: (
      actor: Actor,
      record: { userPaperId: string; fileName: string; format: string },
      questionIds: readonly string[],
    ): Promise<number> =>
      db.transaction(async (tx) => {
        const id = await repo.recordDownload(tx, {
          userId: actor.userId,
          userPaperId: Number(record.userPaperId),
          fileName: record.fileName,
          format: record.format,
        });
        await countUse(tx, questionIds.map(Number));
        return id;
      }),
  };
}
export type PaperExports = ReturnType<typeof createPaperExports>;
