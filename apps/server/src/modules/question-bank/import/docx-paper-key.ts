import { ANSWER_MARK, EXPLAIN_MARK, QUESTION, SECTION } from './docx-paper-marks.ts';

// The answer key some papers end with instead of (or besides) an answer under each question.

/**
 * The heading of an answer key at the end (参考答案, 七年级数学答案与解析). A bracketed 【答案】 or
 * "答案：" alone on a line is a question's own marker (its answer on the next line), not a key.
 */
export function isAnswerKeyHeading(line: string): boolean {
  const core = line.replace(/\s+/g, '').replace(/[:：]$/, '');
  if (/^[【[〖](参考)?答案[】\]〗]$/.test(core) || /[:：]$/.test(line.trim())) return false;
  const bare = core.replace(/^[【[〖]|[】\]〗]$/g, '');
  return bare.length <= 24 && /(参考答案|答案与解析|答案及解析|答案解析|^答案)([与及和]评分(标准|细则))?$/.test(bare);
}

export interface KeyEntry {
  answer: string;
  explanation: string;
}

const KEY_RANGE = /(\d{1,3})\s*[-~～—–]\s*(\d{1,3})\s*[.．、:：]?\s*([A-HＡ-Ｈ](?:\s*[A-HＡ-Ｈ])*)/g;
const KEY_SHORT = /(\d{1,3})\s*[.．、:：]\s*([^\s]{1,8}?)(?=\s+\d{1,3}\s*[.．、:：]|\s*$)/g;

/** The answer key at the end: "1-5 ABCDA", "1.A 2.B 3.C", or "13. 解：…" over several lines. */
export function answerKey(lines: string[]): Map<number, KeyEntry> {
  const texts = new Map<number, string[]>();
  let open: number | null = null;
  for (const line of lines) {
    const ranges = [...line.matchAll(KEY_RANGE)];
    if (ranges.length > 0) {
      for (const [, from, to, letters] of ranges) {
        const compact = (letters ?? '').replace(/\s/g, '');
        for (let no = Number(from); no <= Number(to); no++) {
          const letter = compact[no - Number(from)];
          if (letter) texts.set(no, [letter]);
        }
      }
      open = null;
      continue;
    }
    const shorts = [...line.matchAll(KEY_SHORT)];
    if (shorts.length > 1) {
      for (const [, no, answer] of shorts) texts.set(Number(no), [answer!]);
      open = null;
      continue;
    }
    const numbered = QUESTION.exec(line);
    if (numbered) {
      open = Number(numbered[1]);
      texts.set(open, numbered[2] ? [numbered[2]] : []);
      continue;
    }
    if (SECTION.exec(line)) {
      open = null;
      continue;
    }
    if (open !== null) texts.get(open)!.push(line);
  }
  const entries = new Map<number, KeyEntry>();
  for (const [no, parts] of texts) {
    const answer: string[] = [];
    const explanation: string[] = [];
    let target = answer;
    for (const part of parts) {
      const a = ANSWER_MARK.exec(part);
      const e = a ? null : EXPLAIN_MARK.exec(part);
      if (a) target = answer;
      else if (e) target = explanation;
      const rest = a ? a[1]! : e ? e[1]! : part;
      if (rest) target.push(rest);
    }
    entries.set(no, { answer: answer.join('\n').trim(), explanation: explanation.join('\n').trim() });
  }
  return entries;
}
