import type { Question } from '@huikao/contracts';
import { Drawer, Flex, Skeleton, Switch, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { QuestionBody } from './question-body.tsx';
import { QuestionAnalysis } from './question-card.tsx';

// A paper on screen for the school bank and the teacher's own papers: a drawer with the 显示答案解析
// switch, and the sections with their numbered questions and scores.

const CHINESE_NUMERALS = '一二三四五六七八九十';

export interface PaperDrawerProps {
  title: string;
  open: boolean;
  loading: boolean;
  onClose: () => void;
  children: (withAnswers: boolean) => ReactNode;
}

export function PaperDrawer({ title, open, loading, onClose, children }: PaperDrawerProps) {
  const [withAnswers, setWithAnswers] = useState(false);
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={880}
      destroyOnHidden
      extra={
        <Flex gap={8} align="center">
          <Typography.Text>显示答案解析</Typography.Text>
          <Switch aria-label="显示答案解析" checked={withAnswers} onChange={setWithAnswers} />
        </Flex>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <article aria-label="试卷内容">{children(withAnswers)}</article>
      )}
    </Drawer>
  );
}

export interface PaperSection {
  title: string;
  /** Shown after the title, e.g. （共 3 题，15 分）. */
  note?: string;
  /** null: the question was removed from the bank since. */
  questions: { key: string; question: Question | null; score: number | null }[];
}

export function PaperSections({ sections, withAnswers }: { sections: PaperSection[]; withAnswers: boolean }) {
  let number = 0;
  return sections.map((section, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a paper's sections are positional and titles may repeat
    <section key={`${index}:${section.title}`} aria-label={section.title} style={{ marginTop: 16 }}>
      <Typography.Title level={5}>
        {CHINESE_NUMERALS[index] ?? index + 1}、{section.title.replace(/^[一二三四五六七八九十]+[、.．]\s*/, '')}
        {section.note ?? ''}
      </Typography.Title>
      <Flex vertical gap={12}>
        {section.questions.map(({ key, question, score }) => {
          number += 1;
          if (!question) {
            return (
              <Typography.Text key={key} type="secondary">
                {number}. 该试题已从题库移除
              </Typography.Text>
            );
          }
          return (
            <div key={key}>
              <QuestionBody question={question} number={number} />
              {score ? (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  （{score} 分）
                </Typography.Text>
              ) : null}
              {withAnswers ? <QuestionAnalysis question={question} /> : null}
            </div>
          );
        })}
      </Flex>
    </section>
  ));
}
