import type { QuestionDraft } from './import-model.ts';

// GAOKAO-Bench (OpenLMLab, Apache-2.0): one JSON file per subject and question kind,
// `{keywords, example:[{year, category, question, answer, analysis, index, score}]}`. Options sit
// in the question text as `A. …` lines (or inline) and are split out; the type and course come from
// the file name.

const SUBJECTS: [RegExp, string, string][] = [
  [/Math_I_/, '数学', '数学（理科）'],
  [/Math_II_/, '数学', '数学（文科）'],
  [/English/, '英语', '英语'],
  [/Biology/, '生物', '理科综合'],
  [/Chemistry/, '化学', '理科综合'],
  [/Physics/, '物理', '理科综合'],
  [/Chinese/, '语文', '语文'],
  [/Geography/, '地理', '文科综合'],
  [/History/, '历史', '文科综合'],
  [/Political_Science/, '政治', '文科综合'],
];

const TYPES: [RegExp, string][] = [
  [/Reading_Comp/, '阅读理解'],
  [/English_Cloze_Test/, '七选五'],
  [/English_Fill_in_Blanks/, '完形填空'],
  [/Cloze_Passage/, '语法填空'],
  [/Error_Correction/, '短文改错'],
  [/Modern_Lit/, '现代文阅读'],
  [/Ancient_Poetry/, '古代诗歌阅读'],
  [/Classical_Chinese/, '文言文阅读'],
  [/Dictation/, '名篇名句默写'],
  [/Language_and_Writing/, '语言文字运用'],
  [/Literary_Text/, '文学类文本阅读'],
  [/Practical_Text/, '实用类文本阅读'],
  [/Fill-in-the-Blank/, '填空题'],
  [/Open-ended/, '解答题'],
  [/MCQs/, '单选题'],
];

interface GaokaoItem {
  year?: string | number;
  category?: string;
  question?: string;
  answer?: string | string[];
  analysis?: string;
  index?: number;
  score?: number | string;
}

/** Splits `A. …` options out of a stem; null options when there are fewer than two in order. */
export function splitOptions(text: string): { stem: string; options: string[] | null } {
  // A letter not glued to a Latin word, a number or LaTeX (`\\mathrm{A}.` is not an option).
  const marker = /(^|[^A-Za-z0-9\\{_^$])([A-H])\s*[.．、]\s*/g;
  const found: { letter: string; start: number; end: number }[] = [];
  for (const m of text.matchAll(marker)) {
    const expected = String.fromCharCode(65 + found.length);
    if (m[2] === expected) found.push({ letter: m[2], start: m.index + m[1]!.length, end: m.index + m[0].length });
    else if (m[2] === 'A') {
      // A later "A." restarts the list (the earlier one was part of the stem).
      found.length = 0;
      found.push({ letter: 'A', start: m.index + m[1]!.length, end: m.index + m[0].length });
    }
  }
  if (found.length < 2) return { stem: text.trim(), options: null };
  const options = found.map((f, i) => text.slice(f.end, found[i + 1]?.start ?? text.length).trim());
  return { stem: text.slice(0, found[0]!.start).trim(), options };
}

/** Drops the paper's numbering and points ("1. （5 分）") from the start of a stem. */
export function stripNumbering(stem: string): string {
  return stem.replace(/^\s*\d+\s*[.．、]\s*(?:[（(]\s*\d+(?:\.\d+)?\s*分\s*[)）])?\s*/, '');
}

export function parseGaokaoFile(fileName: string, json: unknown): QuestionDraft[] {
  const base = fileName.replace(/^.*\//, '').replace(/\.json$/, '');
  const subject = SUBJECTS.find(([pattern]) => pattern.test(base));
  const type = TYPES.find(([pattern]) => pattern.test(base));
  if (!subject || !type) throw new Error(`无法从文件名识别学科或题型：${base}`);
  const [, courseName, paperSubject] = subject;
  const items = ((json as { example?: GaokaoItem[] }).example ?? []) as GaokaoItem[];
  return items.map((item, i) => {
    const answers = Array.isArray(item.answer) ? item.answer.map(String) : [String(item.answer ?? '').trim()];
    const choice = type[1] === '单选题';
    const single = choice && answers.length === 1;
    const split = single ? splitOptions(item.question ?? '') : { stem: (item.question ?? '').trim(), options: null };
    const typeName = !choice ? type[1] : !single ? '选择题组' : answers[0]!.length > 1 ? '多选题' : '单选题';
    const year = Number(item.year) || null;
    const category = (item.category ?? '').replace(/[（()）]/g, '').trim();
    const sourcePaper = `${year ?? ''}年普通高等学校招生全国统一考试${category ? `（${category}）` : ''}${paperSubject}`;
    const score = Number(item.score);
    return {
      sourceKey: `gaokao:${base}:${item.index ?? i}`,
      origin: 'gaokao',
      courseName,
      typeName,
      difficulty: 3,
      stem: stripNumbering(split.stem),
      options: split.options,
      answer: answers.length > 1 ? answers.map((a, n) => `（${n + 1}）${a}`).join(' ') : answers[0]!.trim(),
      explanation: (item.analysis ?? '').trim(),
      year,
      areaName: category || '全国',
      gradeId: 12,
      paperTypeName: '高考真题',
      sourcePaper,
      score: Number.isFinite(score) ? score : null,
      knowledgePaths: [],
      chapterPaths: [],
      paper: {
        sourceKey: `gaokao:${year}:${category}:${paperSubject}`,
        title: sourcePaper,
        section: typeName,
        order: i,
      },
    };
  });
}
