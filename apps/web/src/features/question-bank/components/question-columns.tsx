import type { Question } from '@huikao/contracts';
import { type TableColumnsType, Typography } from 'antd';
import { FormulaText } from '../../../components/formula-text.tsx';
import { QuestionBody } from './question-body.tsx';
import { QuestionAnalysis } from './question-card.tsx';

// The columns of a list of questions in the DataTable (校本试题管理, 我上传的试题), and the row that
// unfolds into the whole question with its answer.

export function questionColumns<Row extends Question>(): TableColumnsType<Row> {
  return [
    {
      key: 'stem',
      title: '题干',
      render: (_: unknown, question) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 540 }}>
          <FormulaText text={question.stem} />
        </Typography.Paragraph>
      ),
    },
    { key: 'type', title: '题型', dataIndex: 'questionTypeName', width: 90 },
    { key: 'difficulty', title: '难度', dataIndex: 'diffGradeName', width: 70 },
    {
      key: 'points',
      title: '知识点',
      width: 170,
      render: (_: unknown, question) => question.knowledgePoints.map((point) => point.name).join('、') || '—',
    },
  ];
}

export const questionExpandable = {
  expandedRowRender: (question: Question) => (
    <div style={{ padding: '0 24px' }}>
      <QuestionBody question={question} />
      <QuestionAnalysis question={question} />
    </div>
  ),
};
