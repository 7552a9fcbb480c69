import type { PageCorrections, StoredPageResult } from '../scans/scans-schema.ts';

// The rules that turn recognised pages into a person's queue and a student's answers (design:
// "Exceptions", "A student's answer sheet"). Pure: pages and corrections in, exceptions and answers out.
// A page is one row; a student's sheet is their pages of one card, matched by page number (the page
// code), never by file order.

export interface SheetPage {
  id: number;
  outcome: string | null;
  detail: string | null;
  pageNo: number | null;
  templateKey: string | null;
  examNoRead: string | null;
  examStudentId: number | null;
  absentMarked: boolean;
  result: StoredPageResult | null;
  corrections: PageCorrections;
  discarded: boolean;
}

export interface WantedException {
  key: string;
  kind: number;
  detail: string;
  pageId: number | null;
  examStudentId: number | null;
  questionNo: string | null;
  data: Record<string, unknown>;
}

const REFUSED_AS_UNREADABLE = new Set(['undecodable', 'locators-missing', 'layout-mismatch']);
/** Flags a person must look at; 'blank' alone is 未作答, an answer like any other. */
const NEEDS_A_LOOK = new Set(['multiple', 'faint']);

export const effectiveExamNo = (page: SheetPage) => page.corrections.examNo ?? page.examNoRead;

/** A page's own problems: unreadable, unknown, its 考号, and each objective answer that needs a look. */
export function pageExceptions(page: SheetPage, isExamStudent: (examNo: string) => boolean): WantedException[] {
  if (page.discarded || !page.outcome) return [];
  const base = { pageId: page.id, examStudentId: null, questionNo: null };
  if (REFUSED_AS_UNREADABLE.has(page.outcome)) {
    return [
      {
        ...base,
        key: `p:${page.id}:1`,
        kind: 1,
        detail: page.detail ?? '页面无法识别',
        data: { outcome: page.outcome },
      },
    ];
  }
  if (page.outcome !== 'read') {
    return [
      { ...base, key: `p:${page.id}:2`, kind: 2, detail: page.detail ?? '未知页面', data: { outcome: page.outcome } },
    ];
  }
  const wanted: WantedException[] = [];
  const examNo = effectiveExamNo(page);
  if (!examNo) {
    wanted.push({
      ...base,
      key: `p:${page.id}:3`,
      kind: 3,
      detail: '考号无法识别（未填涂、填涂不清或多涂）',
      data: { digits: page.result?.examNoDigits ?? null, barcode: page.result?.barcode ?? null },
    });
  } else if (!isExamStudent(examNo)) {
    wanted.push({
      ...base,
      key: `p:${page.id}:4`,
      kind: 4,
      detail: `考号 ${examNo} 不是本科目的考生`,
      data: { examNo },
    });
  }
  for (const q of page.result?.questions ?? []) {
    if (!q.flags.some((f) => NEEDS_A_LOOK.has(f))) continue;
    const why = q.flags.includes('multiple')
      ? `多涂（${q.letters.join('')}）`
      : `填涂过浅或有擦痕（${[...q.letters, ...q.uncertain].join('')}）`;
    wanted.push({
      ...base,
      key: `p:${page.id}:7:${q.questionNo}`,
      kind: 7,
      questionNo: q.questionNo,
      detail: `第${q.questionNo}题${why}`,
      data: { ratios: q.ratios, letters: q.letters, uncertain: q.uncertain, flags: q.flags },
    });
  }
  return wanted;
}

/** The answer of one question on a page: a person's correction, else what was read (null: not decided). */
export function effectiveAnswer(
  page: SheetPage,
  questionNo: string,
  flags: string[],
  read: string | null,
): string | null {
  const corrected = page.corrections.answers?.[questionNo];
  if (corrected !== undefined) return corrected;
  if (read !== null) return read;
  return flags.length === 1 && flags[0] === 'blank' ? '' : null;
}

export interface StudentSheet {
  exceptions: WantedException[];
  /** Question number → letters ('' 未作答) or null (waiting for a person). */
  answers: Record<string, string | null>;
  /** Whether any objective answer was marked (for 缺考 with answers). */
  answered: boolean;
  absentMarked: boolean;
  /** Page numbers present (for reconciliation). */
  pageNos: number[];
  /** A duplicate is open: the answers are withheld until a person keeps one. */
  withheld: boolean;
}

/**
 * One student's sheet from their read, kept pages: duplicates (a page number twice), missing pages
 * (against the card's page count) and 缺考 with answers; and the answers, page by page number.
 */
export function studentSheet(
  examStudentId: number,
  pages: readonly SheetPage[],
  pageCount: number | null,
  roomAbsent: boolean,
): StudentSheet {
  const base = { pageId: null, examStudentId, questionNo: null };
  const exceptions: WantedException[] = [];
  const byNo = new Map<number, SheetPage[]>();
  for (const page of pages) {
    if (page.pageNo === null) continue;
    byNo.set(page.pageNo, [...(byNo.get(page.pageNo) ?? []), page]);
  }
  const duplicated = [...byNo.entries()].filter(([, list]) => list.length > 1);
  if (duplicated.length > 0) {
    exceptions.push({
      ...base,
      key: `s:${examStudentId}:5`,
      kind: 5,
      detail: `同一考生有两份以上答题卡（第 ${duplicated.map(([no]) => no).join('、')} 页重复）`,
      data: { pages: Object.fromEntries(duplicated.map(([no, list]) => [no, list.map((p) => String(p.id))])) },
    });
  }
  const present = [...byNo.keys()].sort((a, b) => a - b);
  if (pageCount !== null && pages.length > 0) {
    const missing = Array.from({ length: pageCount }, (_, i) => i + 1).filter((no) => !byNo.has(no));
    if (missing.length > 0) {
      exceptions.push({
        ...base,
        key: `s:${examStudentId}:6`,
        kind: 6,
        detail: `答题卡缺少第 ${missing.join('、')} 页`,
        data: { missing, present },
      });
    }
  }
  const answers: Record<string, string | null> = {};
  for (const list of byNo.values()) {
    if (list.length > 1) continue;
    const page = list[0]!;
    for (const q of page.result?.questions ?? [])
      answers[q.questionNo] = effectiveAnswer(page, q.questionNo, q.flags, q.answer);
  }
  const answered = Object.values(answers).some((a) => a !== null && a !== '');
  const absentMarked = pages.some((p) => p.corrections.absent ?? p.absentMarked) || roomAbsent;
  if (absentMarked && answered) {
    exceptions.push({
      ...base,
      key: `s:${examStudentId}:8`,
      kind: 8,
      detail: roomAbsent ? '考场记录为缺考，但答题卡有作答' : '缺考栏已填涂，但答题卡有作答',
      data: { roomAbsent },
    });
  }
  return { exceptions, answers, answered, absentMarked, pageNos: present, withheld: duplicated.length > 0 };
}
