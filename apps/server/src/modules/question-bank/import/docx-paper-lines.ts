import { answerKey, isAnswerKeyHeading } from './docx-paper-key.ts';
import { ANSWER_MARK, EXPLAIN_MARK, QUESTION, SECTION } from './docx-paper-marks.ts';
import {
  type Building,
  type DocxQuestion,
  NO_ANSWER,
  objectiveAnswer,
  retype,
  toQuestion,
} from './docx-paper-question.ts';
import type { DocxPicture } from './docx-paper-text.ts';
import { PICTURE_MARK } from './docx-paper-text.ts';
import { typeFromHeading } from './parse-question-fields.ts';

// A Word paper's second stage: its lines split into questions by their numbers, under the section
// headings, with the paper's 注意事项 and title left out and the answer key at the end applied.

export interface DocxPaper {
  /** The first line before any question (the paper's title), if there is one. */
  title: string | null;
  questions: DocxQuestion[];
  notes: string[];
  /** The document's pictures in reading order (not formulas), as Word holds them. */
  pictures: DocxPicture[];
}

/** 注意事项 heading, possibly with the first note after it on the same line. */
const NOTES_HEADING = /^[【[]?\s*(?:注意事项|考生须知|考试须知)\s*[】\]]?\s*[:：]?\s*(.*)$/;
/** Markers that may follow text on the same line: each starts a line of its own. */
const INLINE_MARK = /(?<=\S)\s*([【〖]\s*(?:答案|解析|分析|详解|解答|点睛|点评|考点)\s*[】〗])/g;
const SECTION_SCORE = /每(?:小)?题\s*(\d+(?:\.\d+)?)\s*分/;

/** Splits a paper's lines into questions. */
export function parsePaperLines(rawLines: string[]): DocxPaper {
  const lines = rawLines.flatMap((line) => line.replace(INLINE_MARK, '\n$1').split('\n'));
  let title: string | null = null;
  let section: Building['section'] = null;
  let current: Building | null = null;
  let part: 'stem' | 'answer' | 'explanation' = 'stem';
  let last = 0;
  let sectionFresh = false;
  const built: Building[] = [];
  const keyLines: string[] = [];
  let inKey = false;
  /** Inside the paper's 注意事项 (before any question): null, or how its lines are numbered. */
  let paperNotes: { numbered: boolean | null; last: number } | null = null;

  const finish = () => {
    if (current) built.push(current);
    current = null;
  };
  for (const line of lines) {
    if (inKey) {
      keyLines.push(line);
      continue;
    }
    if (isAnswerKeyHeading(line) && (current || built.length > 0)) {
      finish();
      inKey = true;
      continue;
    }
    const heading = SECTION.exec(line);
    const notesHeading = NOTES_HEADING.exec(line);
    if (notesHeading && !current && built.length === 0) {
      paperNotes = { numbered: null, last: 0 };
      if (!notesHeading[1]) continue;
    }
    if (paperNotes && !(heading && isHeading(heading[2]!))) {
      // Numbered notes (1. 2. 3.) go on in order; the first number out of order, or any number
      // after unnumbered notes, is the first question.
      const rest = notesHeading?.[1] ?? line;
      const number = QUESTION.exec(rest);
      paperNotes.numbered ??= number !== null;
      if (!number) continue;
      if (paperNotes.numbered && Number(number[1]) === paperNotes.last + 1) {
        paperNotes.last++;
        continue;
      }
    }
    paperNotes = null;
    if (heading && isHeading(heading[2]!)) {
      finish();
      section = {
        // Without its numeral: a paper numbers its sections itself when shown.
        title: heading[2]!.replace(/\s+/g, ''),
        typeName: typeFromHeading(heading[2]!),
        score: sectionScore(line),
      };
      sectionFresh = true;
      continue;
    }
    const numbered = QUESTION.exec(line);
    if (numbered) {
      const no = Number(numbered[1]);
      if (no === last + 1 || (sectionFresh && no === 1) || last === 0) {
        finish();
        current = { no, section, stem: [], answer: [], explanation: [] };
        part = 'stem';
        last = no;
        sectionFresh = false;
        if (numbered[2]) current.stem.push(numbered[2]);
        continue;
      }
    }
    if (!current) {
      if (title === null && section === null && built.length === 0) {
        // Our own teacher's version says so after its title; the imported paper is the paper.
        title =
          line
            .replace(PICTURE_MARK, '')
            .replace(/[（(]教师版[)）]$/, '')
            .trim() || null;
      }
      continue;
    }
    const answer = ANSWER_MARK.exec(line);
    const explanation = answer ? null : EXPLAIN_MARK.exec(line);
    if (answer) part = 'answer';
    else if (explanation) part = 'explanation';
    const rest = answer ? answer[1]! : explanation ? explanation[1]! : line;
    if (rest) (current as Building)[part].push(rest);
  }
  finish();

  const notes: string[] = [];
  const questions = built.map(toQuestion);
  const key = answerKey(keyLines);
  for (const [no, entry] of key) {
    const question = questions.find((q) => q.no === no);
    if (!question) {
      notes.push(`答案部分的第 ${no} 题在试卷中没有找到`);
      continue;
    }
    if (!question.answer && entry.answer) question.answer = objectiveAnswer(question, entry.answer);
    if (!question.explanation && entry.explanation) question.explanation = entry.explanation;
    if (question.answer) question.notes = question.notes.filter((note) => note !== NO_ANSWER);
    retype(question);
  }
  return { title, questions, notes, pictures: [] };
}

function isHeading(text: string): boolean {
  return typeFromHeading(text) !== null || /题/.test(text.slice(0, 12));
}

function sectionScore(line: string): number | null {
  const match = SECTION_SCORE.exec(line);
  return match ? Number(match[1]) : null;
}
