import { choiceLetters, halfWidth, judgeAnswer } from './parse-question-fields.ts';

// One question of a Word paper, from the lines gathered under its number: its own score, the stem
// and options, the answer reduced to its letters, and the type when the section did not give it.

export interface DocxQuestion {
  /** The question number in the paper. */
  no: number;
  section: string | null;
  typeName: string;
  stem: string;
  options: string[];
  answer: string;
  explanation: string;
  score: number | null;
  notes: string[];
}

/** A question as its lines are gathered, before toQuestion makes it a DocxQuestion. */
export interface Building {
  no: number;
  section: { title: string; typeName: string | null; score: number | null } | null;
  stem: string[];
  answer: string[];
  explanation: string[];
}

const OWN_SCORE = /^[（(]\s*(\d+(?:\.\d+)?)\s*分\s*[)）]\s*/;
export const NO_ANSWER = '未识别到答案，请在预览中填写';

/** The question of a number's gathered lines; a note for the preview when no answer was found. */
export function toQuestion(building: Building): DocxQuestion {
  const notes: string[] = [];
  const join = (lines: string[]) => lines.join('\n');
  let stemText = join(building.stem);
  const clean = (text: string) => text.replace(/[ \t]+\n/g, '\n').trim();
  let score = building.section?.score ?? null;
  const own = OWN_SCORE.exec(stemText);
  if (own) {
    score = Number(own[1]);
    stemText = stemText.slice(own[0].length);
  }
  const { stem, options } = splitOptions(clean(stemText));
  const question: DocxQuestion = {
    no: building.no,
    section: building.section?.title ?? null,
    typeName: building.section?.typeName ?? '',
    stem,
    options,
    answer: '',
    explanation: clean(join(building.explanation)),
    score,
    notes,
  };
  question.answer = objectiveAnswer(question, clean(join(building.answer)));
  if (!question.answer) notes.push(NO_ANSWER);
  retype(question);
  return question;
}

/** The letters of a choice answer written with trailing words ("B．因为…" → B); other answers as they are. */
export function objectiveAnswer(question: DocxQuestion, answer: string): string {
  if (question.options.length === 0) return answer;
  const lead = /^([A-HＡ-Ｈ](?:[\s、,，]*[A-HＡ-Ｈ])*)(?=$|[\s.．。,，;；:：])/.exec(answer.trim());
  return lead ? (choiceLetters(lead[1]!) ?? answer) : answer;
}

/** The type from the content when the section gave none, and 多选题 for a choice with several letters. */
export function retype(question: DocxQuestion): void {
  const letters = question.options.length >= 2 ? choiceLetters(question.answer) : null;
  if (!question.typeName) {
    if (question.options.length >= 2) question.typeName = letters && letters.length > 1 ? '多选题' : '单选题';
    else if (judgeAnswer(question.answer)) question.typeName = '判断题';
    else if (/_{3,}|＿{2,}/.test(question.stem)) question.typeName = '填空题';
    else question.typeName = '解答题';
  } else if (question.typeName === '单选题' && letters && letters.length > 1) {
    question.typeName = '多选题';
  }
}

interface Marker {
  letter: number;
  start: number;
  end: number;
}

const OPTION_MARK = /(^|[\s])(?:([A-HＡ-Ｈ])\s*[.．、:：]|[（(]\s*([A-HＡ-Ｈ])\s*[)）])\s*/g;

/**
 * The stem and the options A, B, C … of a question's text. Options may share a line ("A. 1  B. 2")
 * or have a line each. The last A that a B follows starts them, so a point named A in the stem
 * does not.
 */
export function splitOptions(text: string): { stem: string; options: string[] } {
  const markers: Marker[] = [];
  for (const match of text.matchAll(OPTION_MARK)) {
    const letter = halfWidth(match[2] ?? match[3]!).charCodeAt(0) - 65;
    const start = match.index + match[1]!.length;
    markers.push({ letter, start, end: match.index + match[0].length });
  }
  for (let a = markers.length - 1; a >= 0; a--) {
    if (markers[a]!.letter !== 0) continue;
    const chain = [markers[a]!];
    for (const marker of markers.slice(a + 1)) {
      if (marker.letter === chain.length) chain.push(marker);
    }
    if (chain.length < 2) continue;
    const options = chain.map((marker, i) =>
      text
        .slice(marker.end, chain[i + 1]?.start ?? text.length)
        .replace(/\s+/g, ' ')
        .trim(),
    );
    return { stem: text.slice(0, chain[0]!.start).trim(), options };
  }
  return { stem: text, options: [] };
}
