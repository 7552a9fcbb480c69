import type { OnlineQuestion } from '@huikao/contracts';
import type { OnlinePaperQuestion, OnlinePaperSnapshot } from './schema.ts';

// A student's view of the paper: with 打乱题序 on, the questions of each 大题 and the options of
// each choice question in an order seeded from the exam and the student, so the same student sees
// the same order after a reload, on another device, and in their released result. Options keep
// their key letter: the answer a student gives is always in the key's letters.

/** FNV-1a of the text: the seed of one student's order. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough to deal a paper. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const LETTERS = 'ABCDEFGHIJ';

function optionsOf(q: OnlinePaperQuestion): { key: string; text: string }[] {
  if (q.kind === 'judge') {
    return [
      { key: 'T', text: '正确' },
      { key: 'F', text: '错误' },
    ];
  }
  return q.options.map((text, i) => ({ key: LETTERS[i]!, text }));
}

export function studentPaper(
  paper: OnlinePaperSnapshot,
  shuffle: boolean,
  examId: number,
  studentId: number,
): { title: string; questions: (OnlineQuestion & { source: OnlinePaperQuestion })[] }[] {
  const next = random(seedOf(`online-exam:${examId}:student:${studentId}`));
  let no = 0;
  return paper.sections.map((section) => {
    const order = shuffle ? shuffled(section.questions, next) : section.questions;
    return {
      title: section.title,
      questions: order.map((q) => {
        const options = optionsOf(q);
        no += 1;
        return {
          questionId: q.questionId,
          no,
          kind: q.kind,
          stem: q.stem,
          options: shuffle && q.kind !== 'judge' ? shuffled(options, next) : options,
          fullMark: q.fullMark,
          source: q,
        };
      }),
    };
  });
}

export const questionsOf = (paper: OnlinePaperSnapshot) => paper.sections.flatMap((s) => s.questions);
