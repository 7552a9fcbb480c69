import { SINGLE_PROCEDURES, type scanningScansApi } from '@huikao/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../../db/schema.ts';
import { recordAudit } from '../../../platform/audit-log.ts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db, Executor } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import { ownSingleExam } from '../../exams/index.ts';
import { recognizeExceptions, scanPages, singleProcedures } from '../scans/scans-schema.ts';

// singleProcedure: the stage of a single exam from card to scores (制作答题卡 → 扫描识别 → 网上阅卷 →
// 成绩核对 → 已完成). Marking may start while exceptions of other questions remain; moving on to
// 成绩核对 or 已完成 requires none open (design: "finishing an exam requires none open").

type Params<K extends keyof typeof scanningScansApi> = z.output<(typeof scanningScansApi)[K]['params']>;

const NEEDS_NO_OPEN_EXCEPTIONS = 4;

async function blockersOf(ex: Executor, seId: number, code: number): Promise<string[]> {
  if (code + 1 < NEEDS_NO_OPEN_EXCEPTIONS) return [];
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(recognizeExceptions)
    .where(and(eq(recognizeExceptions.singleExamId, seId), eq(recognizeExceptions.status, 0)));
  const open = Number(row?.n ?? 0);
  return open > 0 ? [`还有 ${open} 个识别异常未处理`] : [];
}

async function view(ex: Executor, seId: number) {
  const [row] = await ex
    .select({ procedure: singleProcedures, name: users.name })
    .from(singleProcedures)
    .leftJoin(users, eq(users.id, singleProcedures.updatedBy))
    .where(eq(singleProcedures.singleExamId, seId));
  let code = row?.procedure.code;
  if (code === undefined) {
    // Never set: 扫描识别 once a page is in, else 制作答题卡.
    const [scanned] = await ex
      .select({ id: scanPages.id })
      .from(scanPages)
      .where(eq(scanPages.singleExamId, seId))
      .limit(1);
    code = scanned ? 2 : 1;
  }
  return {
    seId: String(seId),
    code,
    name: SINGLE_PROCEDURES[code as keyof typeof SINGLE_PROCEDURES],
    updatedAt: row?.procedure.updatedAt.toISOString() ?? null,
    updatedByName: row?.name ?? null,
    blockers: await blockersOf(ex, seId, code),
  };
}

export function createProcedureService(db: Db) {
  return {
    async get(actor: Actor, p: Params<'getSingleProcedure'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      return view(db, single.id);
    },
    async update(actor: Actor, p: Params<'updateSingleProcedure'>) {
      const single = await ownSingleExam(db, actor, p.schoolId, p.seId);
      await db.transaction(async (tx) => {
        const before = await view(tx, single.id);
        if (p.code >= NEEDS_NO_OPEN_EXCEPTIONS && p.code > before.code) {
          const blockers = await blockersOf(tx, single.id, p.code - 1);
          if (blockers.length > 0)
            throw ruleBroken(`不能进入“${SINGLE_PROCEDURES[p.code as 4]}”：${blockers.join('；')}`);
        }
        await tx
          .insert(singleProcedures)
          .values({ singleExamId: single.id, schoolId: single.schoolId, code: p.code, updatedBy: actor.userId })
          .onConflictDoUpdate({
            target: singleProcedures.singleExamId,
            set: { code: p.code, updatedBy: actor.userId, updatedAt: sql`now()` },
          });
        await recordAudit(tx, {
          actor,
          action: 'scanning.procedure.update',
          target: `single_exam:${single.id}`,
          before: { code: before.code },
          after: { code: p.code },
        });
      });
      return view(db, single.id);
    },
  };
}
