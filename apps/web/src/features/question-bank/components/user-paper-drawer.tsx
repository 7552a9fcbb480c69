import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import type { Owner } from '../owner.ts';
import { schoolBankQueries } from '../school-queries.ts';
import { QuestionBody } from './question-body.tsx';
import { QuestionAnalysis } from './question-card.tsx';

export interface UserPaperDrawerProps {
  owner: Owner | null;
  paperId: string | null;
  onClose: () => void;
}

const CHINESE_NUMERALS = '一二三四五六七八九十';

/** One of the teacher's papers (userpapers/detail): its sections, numbered questions and scores. */
export function UserPaperDrawer({ owner, paperId, onClose }: UserPaperDrawerProps) {
  const detail = useQuery(schoolBankQueries.userPaper(owner, paperId)).data;
  const [withAnswers, setWithAnswers] = useState(false);
  const byId = new Map(detail?.questions.map((q) => [q.quesId, q]));
  let number = 0;
  return (
    <Drawer
      title={detail?.title ?? '试卷详情'}
      open={paperId !== null}
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
      {!detail ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <article aria-label="试卷内容">
          <Typography.Title level={4} style={{ textAlign: 'center', marginBottom: 0 }}>
            {detail.paper.title}
          </Typography.Title>
          {detail.paper.subtitle ? (
            <Typography.Paragraph style={{ textAlign: 'center' }}>{detail.paper.subtitle}</Typography.Paragraph>
          ) : null}
          <Descriptions
            size="small"
            column={3}
            items={[
              { key: 'course', label: '学科', children: detail.courseName ?? '—' },
              { key: 'count', label: '题数', children: detail.paper.questionCount },
              { key: 'score', label: '总分', children: detail.paper.totalScore },
            ]}
          />
          {detail.paper.sections.map((section, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a paper's sections are positional and titles may repeat
            <section key={`${index}:${section.title}`} aria-label={section.title} style={{ marginTop: 16 }}>
              <Typography.Title level={5}>
                {CHINESE_NUMERALS[index] ?? index + 1}、
                {section.title.replace(/^[一二三四五六七八九十]+[、.．]\s*/, '')}（共 {section.questions.length} 题，
                {section.totalScore} 分）
              </Typography.Title>
              <Flex vertical gap={12}>
                {section.questions.map(({ quesId, score, edited }) => {
                  number += 1;
                  const question = byId.get(quesId);
                  if (!question)
                    return (
                      <Typography.Text key={quesId} type="secondary">
                        {number}. 该试题已从题库移除
                      </Typography.Text>
                    );
                  const shown = edited ? { ...question, ...edited } : question;
                  return (
                    <div key={quesId}>
                      <QuestionBody question={shown} number={number} />
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        （{score} 分）
                      </Typography.Text>
                      {withAnswers ? <QuestionAnalysis question={shown} /> : null}
                    </div>
                  );
                })}
              </Flex>
            </section>
          ))}
        </article>
      )}
    </Drawer>
  );
}
