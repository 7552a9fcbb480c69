import type { ExportPaper } from '../export-paper.ts';

// The paper a template preview prints: a short 数学 paper, so the title lines, the seal line,
// the fonts, the notes and the watermark show on one page.

const choice = (number: number, stem: string, options: string[]) => ({
  quesId: `sample-${number}`,
  questionTypeName: '单选题',
  number,
  score: 4,
  stem,
  options,
  answer: 'A',
  explanation: '',
  answerHeightMm: 0,
});

export const SAMPLE_PAPER: ExportPaper = {
  title: '示例考试',
  subtitle: '',
  notes: '答题前请将姓名、班级、考号填写清楚。',
  layout: { paperSize: 'A4', columns: 1, studentInfo: false, sealLine: true },
  sections: [
    {
      heading: '一、选择题（本题共2小题，每小题4分，共8分）',
      totalScore: 8,
      questions: [
        choice(1, '计算 12 + 35 的值。', ['47', '57', '45', '37']),
        choice(2, '下列图形中，是轴对称图形的是', ['等腰三角形', '平行四边形', '梯形', '任意三角形']),
      ],
    },
  ],
  questionCount: 2,
  totalScore: 8,
};
