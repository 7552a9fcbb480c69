import { SCHOOL_STATUS_NAMES } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { schoolBankQueries } from '../school-queries.ts';
import { QuestionBody } from './question-body.tsx';
import { QuestionAnalysis } from './question-card.tsx';

export interface SchoolPaperDrawerProps {
  schoolId: string;
  paperId: string | null;
  onClose: () => void;
}

const CHINESE_NUMERALS = '一二三四五六七八九十';

/** A school paper under review or published (schoolpapers/detail), drafts included for type 5. */
export function SchoolPaperDrawer({ schoolId, paperId, onClose }: SchoolPaperDrawerProps) {
  const detail = useQuery(schoolBankQueries.schoolPaper(schoolId, paperId)).data;
  const [withAnswers, setWithAnswers] = useState(true);
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
          <Descriptions
            size="small"
            column={4}
            items={[
              { key: 'status', label: '状态', children: SCHOOL_STATUS_NAMES[detail.status] },
              { key: 'grade', label: '年级', children: detail.gradeName ?? '—' },
              { key: 'count', label: '题数', children: detail.questionCount },
              { key: 'score', label: '总分', children: detail.totalScore || '—' },
            ]}
          />
          {detail.sections.map((section, index) => (
            <section key={section.title} aria-label={section.title} style={{ marginTop: 16 }}>
              <Typography.Title level={5}>
                {CHINESE_NUMERALS[index] ?? index + 1}、{section.title}
              </Typography.Title>
              <Flex vertical gap={12}>
                {section.questions.map(({ question, score }) => {
                  number += 1;
                  return (
                    <div key={question.quesId}>
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
          ))}
        </article>
      )}
    </Drawer>
  );
}
