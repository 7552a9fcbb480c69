import { describe, expect, it } from 'vitest';
import {
  EXPORT_FORMATS,
  exportFormatName,
  exportFormatOf,
  parseExportFormat,
  questionPictureToken,
  sectionHeading,
  splitFormulaText,
  splitPictures,
} from './documents.ts';

describe('export format tokens', () => {
  it('name the version and the file type, docx and pdf alone being the student version', () => {
    expect(EXPORT_FORMATS).toEqual([
      'docx',
      'pdf',
      'teacher-docx',
      'teacher-pdf',
      'answers-docx',
      'answers-pdf',
      'sheet-docx',
      'sheet-pdf',
    ]);
    for (const format of EXPORT_FORMATS) {
      const parsed = parseExportFormat(format)!;
      expect(exportFormatOf(parsed.version, parsed.fileType)).toBe(format);
    }
    expect(parseExportFormat('student-docx')).toBeNull();
    expect(parseExportFormat('teacher-html')).toBeNull();
    expect(parseExportFormat('docx-teacher')).toBeNull();
    expect(exportFormatName('teacher-pdf')).toBe('PDF 教师版');
    expect(exportFormatName('docx')).toBe('Word 学生版');
    expect(exportFormatName('odt')).toBe('odt');
  });
});

describe('sectionHeading', () => {
  it('heads a section as Chinese papers do', () => {
    expect(sectionHeading(0, '选择题', [4, 4, 4, 4, 4])).toBe('一、选择题（本题共5小题，每小题4分，共20分）');
    expect(sectionHeading(10, '二、解答题', [6, 8])).toBe('十一、解答题（本题共2小题，共14分）');
  });
});

describe('splitFormulaText', () => {
  it('splits $…$ and $$…$$ formulas from the text and keeps a stray dollar as text', () => {
    expect(splitFormulaText('若 $x^2=4$，则 $$x=\\pm 2$$ 花了 5\\$')).toEqual([
      { kind: 'text', text: '若 ' },
      { kind: 'math', tex: 'x^2=4', display: false },
      { kind: 'text', text: '，则 ' },
      { kind: 'math', tex: 'x=\\pm 2', display: true },
      { kind: 'text', text: ' 花了 5$' },
    ]);
    expect(splitFormulaText('单价 $5')).toEqual([{ kind: 'text', text: '单价 $5' }]);
  });
});

describe('splitPictures', () => {
  it('finds stored-picture tokens in text and leaves look-alikes as text', () => {
    const file = '2026/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    const text = `如图${questionPictureToken(12, file)}所示 {{图:12/../x.png}}`;
    expect(splitPictures(text)).toEqual([
      { kind: 'text', text: '如图' },
      { kind: 'picture', schoolId: '12', file },
      { kind: 'text', text: '所示 {{图:12/../x.png}}' },
    ]);
    expect(splitPictures('无图')).toEqual([{ kind: 'text', text: '无图' }]);
  });
});
