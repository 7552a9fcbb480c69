import { offThread } from '../../../platform/parse-worker.ts';
import { type DocxPaper, parsePaperLines } from './docx-paper-lines.ts';
import { readDocxText } from './docx-paper-text.ts';

// A whole paper from Word (issue #6 item 2, #22 item 3): the .docx becomes lines of text (Word
// equations turned into $LaTeX$ first, omml-docx.ts; then mammoth → HTML → text; formulas typed as
// text, $…$ included, stay as they are; a formula exported as a picture comes back from its
// description; other pictures become a numbered marker, their bytes kept for the importer to
// store (question-pictures.ts); every warning of mammoth's goes to the preview's notes), then the
// lines are split into questions by their numbers. Section headings (一、选择题) give the type;
// （1）sub-parts stay with their question; options A–D are found on one line or several; answers
// and explanations come from 【答案】/答案：/【解析】 markers or from an answer key at the end. What
// could not be recognised is left for the teacher to correct in the preview.
//
// The stages have a file each: docx-paper-text.ts reads the file into lines, docx-paper-lines.ts
// splits them into questions (docx-paper-question.ts makes each one, docx-paper-key.ts reads the
// answer key at the end); this file is the one the importer and the worker thread use.

export type { DocxPaper } from './docx-paper-lines.ts';
export { parsePaperLines } from './docx-paper-lines.ts';
export { type DocxQuestion, splitOptions } from './docx-paper-question.ts';
export { type DocxPicture, docxLines, htmlLines, PICTURE_MARK, readDocxText, warningText } from './docx-paper-text.ts';

/** The paper of an uploaded .docx: the file checked, read and split into questions. */
export async function readDocxPaper(buffer: Buffer): Promise<DocxPaper> {
  const { lines, warnings, pictures } = await readDocxText(buffer);
  const paper = parsePaperLines(lines);
  return { ...paper, notes: [...paper.notes, ...warnings], pictures };
}

/** readDocxPaper in a parse worker thread, so a long paper does not hold up other requests. */
export const readDocxPaperInWorker = offThread(import.meta.url, readDocxPaper);
