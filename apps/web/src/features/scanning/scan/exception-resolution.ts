import type { ExceptionResolution, RecognizeException } from '@huikao/contracts';

// What a person's choice on the resolve screen sends (examRecognizeException/update), by kind; pure
// so each kind's rule is tested. Each kind takes exactly the field its contract names; a choice
// that is not complete yet answers a Chinese reason instead, shown beside 确认.

export interface ResolveChoice {
  /** 1–4: set the page aside. */
  discard: boolean;
  /** 3, 4: the corrected 考号. */
  examNo: string;
  /** 5: page number → the page kept for it. */
  keep: Record<string, string>;
  /** 7: the letters ('' 未作答). */
  answer: string;
  /** 8: true keeps 缺考, false scores the answers. */
  absent: boolean | null;
}

export const emptyChoice = (): ResolveChoice => ({ discard: false, examNo: '', keep: {}, answer: '', absent: null });

/** Duplicated pages by page number (data.pages of a 重复答题卡 exception). */
export function duplicateCandidates(exception: RecognizeException): [string, string[]][] {
  const pages = (exception.data as { pages?: Record<string, string[]> }).pages ?? {};
  return Object.entries(pages).sort(([a], [b]) => Number(a) - Number(b));
}

/** The choice to start from: what recognition read, so a right reading is one Enter away. */
export function initialChoice(exception: RecognizeException): ResolveChoice {
  const choice = emptyChoice();
  if (exception.kind === 7) {
    const letters = (exception.data as { letters?: string[] }).letters ?? [];
    choice.answer = letters.join('');
  }
  if (exception.kind === 4) choice.examNo = exception.examNo ?? '';
  return choice;
}

export function resolutionOf(
  exception: RecognizeException,
  choice: ResolveChoice,
): { resolution: ExceptionResolution } | { problem: string } {
  switch (exception.kind) {
    case 1:
    case 2:
      return { resolution: { discard: true } };
    case 3:
    case 4: {
      if (choice.discard) return { resolution: { discard: true } };
      const examNo = choice.examNo.trim();
      if (!/^\d{1,20}$/.test(examNo)) return { problem: '请输入考号（1 到 20 位数字），或选择作废此页' };
      return { resolution: { examNo } };
    }
    case 5: {
      const candidates = duplicateCandidates(exception);
      const unchosen = candidates.filter(([no]) => !choice.keep[no]);
      if (unchosen.length > 0) return { problem: `请选择第 ${unchosen.map(([no]) => no).join('、')} 页保留哪一张` };
      return {
        resolution: {
          keepPageIds: candidates.map(([no]) => choice.keep[no]!),
          reason: '重复答题卡，保留选定的一份',
        },
      };
    }
    case 6:
      return { resolution: { accept: true } };
    case 7: {
      const answer = choice.answer.trim().toUpperCase();
      if (!/^[A-Z]{0,8}$/.test(answer)) return { problem: '选项只能是字母（未作答留空）' };
      return { resolution: { answer } };
    }
    case 8:
      if (choice.absent === null) return { problem: '请选择按缺考处理还是按作答计分' };
      return { resolution: { absent: choice.absent } };
    default:
      return { problem: '未知的异常类型' };
  }
}
