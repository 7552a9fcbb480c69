import { BLOCK_ORDER, CARD_STATUS, type CardStatus } from '@huikao/contracts';

// Names and colours of the answer cards' codes, shared by 我的答题卡, the designer and 试卷制作.

export const cardStatusName = (status: CardStatus | null) => (status ? CARD_STATUS[status] : '未生成');

/** antd Tag colours: draft grey, printed green, scanning blue; none yet: no tag colour at all. */
export const CARD_STATUS_COLORS: Record<CardStatus, string> = {
  draft: 'default',
  printed: 'success',
  scanning: 'processing',
};

export const CARD_STATUS_OPTIONS = (Object.keys(CARD_STATUS) as CardStatus[]).map((value) => ({
  value,
  label: CARD_STATUS[value],
}));

export const PAPER_OPTIONS = [
  { value: 'A4', label: 'A4 竖版' },
  { value: 'A3', label: 'A3 横版（8开对折）' },
] as const;

export const IDENTITY_OPTIONS = [
  { value: 'grid', label: '填涂考号' },
  { value: 'barcode', label: '条形码' },
  { value: 'both', label: '填涂考号和条形码' },
] as const;

export const SIDES_OPTIONS = [
  { value: 1, label: '单面' },
  { value: 2, label: '双面' },
] as const;

/** 题组大小 4–10 (objective questions per block of bubbles). */
export const QUESTIONS_PER_BLOCK_OPTIONS = [4, 5, 6, 7, 8, 9, 10].map((value) => ({
  value,
  label: `每组 ${value} 题`,
}));
/** A card saved before the bubble layout was a setting was laid out 5 per block, 横排 (@huikao/answer-card's defaults). */
export const DEFAULT_QUESTIONS_PER_BLOCK = 5;
export const DEFAULT_BLOCK_ORDER = 'across' as const;
export const BLOCK_ORDER_OPTIONS = (['across', 'down'] as const).map((value) => ({ value, label: BLOCK_ORDER[value] }));

/** Columns a paper offers: A4 portrait one, A3 landscape two or three. */
export const columnsFor = (paper: 'A4' | 'A3'): Array<1 | 2 | 3> => (paper === 'A4' ? [1] : [2, 3]);

/** "A3 两栏 · 2 页", for a list cell. */
export function layoutText(paper: string | null, columns: number | null, pages: number | null): string {
  if (!paper) return '—';
  const names = ['', '一栏', '两栏', '三栏'];
  return `${paper} ${names[columns ?? 0] ?? ''}${pages ? ` · ${pages} 页` : ''}`;
}

/** Addresses of the answer-card pages (spec §2 style: ids in the query). */
export const designerPath = (seId: string) => `/examTemplateInfo?seId=${encodeURIComponent(seId)}`;
export const makingPath = (seId: string, tab?: string) =>
  `/makeExamDetailInfo?seId=${encodeURIComponent(seId)}${tab ? `&tab=${encodeURIComponent(tab)}` : ''}`;
export const MY_CARD_PATH = '/teacher/examMark/my-card';
/** The exam's editor in 我的考试, at its 题目结构与答案 step. */
export const structureEditorPath = (meId: string) =>
  `/teacher/examMark/my-exam?meId=${encodeURIComponent(meId)}&step=3`;
