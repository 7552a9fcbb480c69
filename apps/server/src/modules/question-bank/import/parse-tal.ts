import { gradeFromText, PATH_SEPARATOR, type QuestionDraft } from './import-model.ts';

// TAL-SCQ5K (math-eval, MIT): JSON lines of single-choice maths questions with an options list,
// answer, difficulty 0–4, knowledge-point routes ('a->b->c'), sources and a worked solution.
// LaTeX comes between $$…$$ and is normalised to $…$.

interface TalRow {
  queId?: string;
  qid?: string;
  difficulty?: string | number;
  problem?: string;
  answer_option_list?: { aoVal: string; content: string }[][];
  knowledge_point_routes?: string[];
  answer_analysis?: string[];
  answer_value?: string;
  competition_source_list?: string[];
}

export const normaliseLatex = (text: string) => text.replace(/\$\$/g, '$').trim();

export function parseTalLine(line: string): QuestionDraft {
  const row = JSON.parse(line) as TalRow;
  const options = (row.answer_option_list ?? []).map((group) => normaliseLatex(group.map((o) => o.content).join('')));
  const source = row.competition_source_list?.[0] ?? null;
  const difficulty = Math.min(5, Math.max(1, Number(row.difficulty ?? 2) + 1));
  const year = source ? Number(/^(\d{4})年/.exec(source)?.[1]) || null : null;
  return {
    sourceKey: `tal:${row.queId ?? row.qid}`,
    origin: 'tal',
    courseName: '数学',
    typeName: '单选题',
    difficulty,
    stem: normaliseLatex(row.problem ?? ''),
    options: options.length ? options : null,
    answer: (row.answer_value ?? '').trim(),
    explanation: normaliseLatex((row.answer_analysis ?? []).join('\n')),
    year,
    areaName: null,
    gradeId: source ? gradeFromText(source) : null,
    paperTypeName: source && /杯|竞赛|AMC|联赛|奥/i.test(source) ? '竞赛' : null,
    sourcePaper: source,
    score: null,
    knowledgePaths: (row.knowledge_point_routes ?? []).map((route) =>
      route
        .split('->')
        .map((p) => p.trim())
        .join(PATH_SEPARATOR),
    ),
    chapterPaths: [],
  };
}

export function parseTalFile(text: string): QuestionDraft[] {
  return text
    .split('\n')
    .filter((line) => line.trim())
    .map(parseTalLine);
}
