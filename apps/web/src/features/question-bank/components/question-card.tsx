import type { Question } from '@huikao/contracts';
import { Button, Card, Divider, Flex, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormulaText } from '../../../components/formula-text.tsx';
import { QuestionBody } from './question-body.tsx';

export interface QuestionCardProps {
  question: Question;
  /** 相似题: omitted inside the similar-question drawer itself. */
  onSimilar?: (question: Question) => void;
  /** The 加入试题篮 / 移出试题篮 button. */
  basketAction?: ReactNode;
}

const ORIGIN_NAMES: Record<string, string> = {
  demo: '慧考云原创',
  gaokao: '高考真题',
  tal: '好未来题库',
  school: '校本题库',
  user: '我的试题',
};

const DIFFICULTY_COLORS: Record<string, string> = { '1': 'green', '2': 'cyan', '3': 'blue', '4': 'orange', '5': 'red' };

/** One question of a search result: stem with formulas, options, tags, 查看解析 and the actions. */
export function QuestionCard({ question, onSimilar, basketAction }: QuestionCardProps) {
  const [showAnalysis, setShowAnalysis] = useState(false);
  return (
    <Card size="small" className="qb-question-card" data-ques-id={question.quesId} styles={{ body: { padding: 16 } }}>
      <QuestionBody question={question} />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 12 }}>
        <QuestionTags question={question} />
        <Flex gap={8} wrap>
          <Button
            size="small"
            type={showAnalysis ? 'primary' : 'default'}
            ghost={showAnalysis}
            onClick={() => setShowAnalysis((v) => !v)}
          >
            {showAnalysis ? '收起解析' : '查看解析'}
          </Button>
          {onSimilar ? (
            <Button size="small" onClick={() => onSimilar(question)}>
              相似题
            </Button>
          ) : null}
          {basketAction}
        </Flex>
      </Flex>
      {showAnalysis ? <QuestionAnalysis question={question} /> : null}
    </Card>
  );
}

export function QuestionTags({ question }: { question: Question }) {
  const source = question.sourcePaper ?? ORIGIN_NAMES[question.origin] ?? null;
  return (
    <Flex gap={4} wrap aria-label="试题属性">
      <Tag color="processing">{question.questionTypeName}</Tag>
      <Tag color={DIFFICULTY_COLORS[question.diffGradeId]}>{question.diffGradeName}</Tag>
      {question.year ? <Tag>{question.year}</Tag> : null}
      {question.areaName ? <Tag>{question.areaName}</Tag> : null}
      {question.gradeName ? <Tag>{question.gradeName}</Tag> : null}
      {question.paperTypeName ? <Tag>{question.paperTypeName}</Tag> : null}
      {source ? <Tag bordered={false}>来源：{source}</Tag> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        组卷 {question.timesUsed} 次
      </Typography.Text>
    </Flex>
  );
}

/** 答案 and 解析, with the knowledge points the question tests. */
export function QuestionAnalysis({ question }: { question: Question }) {
  return (
    <section aria-label="解析" style={{ marginTop: 8 }}>
      <Divider style={{ margin: '8px 0' }} />
      <Flex vertical gap={6}>
        <div>
          <Typography.Text strong>【答案】</Typography.Text>
          <FormulaText text={displayAnswer(question.answer)} />
        </div>
        <div>
          <Typography.Text strong>【解析】</Typography.Text>
          <FormulaText block text={question.explanation || '暂无解析'} />
        </div>
        {question.knowledgePoints.length > 0 ? (
          <div>
            <Typography.Text strong>【知识点】</Typography.Text>
            {question.knowledgePoints.map((point) => point.name).join('、')}
          </div>
        ) : null}
      </Flex>
    </section>
  );
}

/** 判断题 answers are stored as T/F. */
function displayAnswer(answer: string): string {
  if (answer === 'T') return '正确';
  if (answer === 'F') return '错误';
  return answer;
}
