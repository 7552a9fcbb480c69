import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Flex, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { questionBankQueries } from '../queries.ts';
import { paperEditorPath } from './paper-editor/editor-route.ts';
import { QuestionBody } from './question-body.tsx';
import { QuestionAnalysis } from './question-card.tsx';

export interface PaperDetailDrawerProps {
  paperId: string | null;
  onClose: () => void;
}

const CHINESE_NUMERALS = '一二三四五六七八九十';

/** A paper of the library (papers/detail): its facts, then each section with its numbered questions. */
export function PaperDetailDrawer({ paperId, onClose }: PaperDetailDrawerProps) {
  const paper = useQuery(questionBankQueries.paper(paperId));
  const [withAnswers, setWithAnswers] = useState(false);
  const navigate = useNavigate();
  const detail = paper.data;
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
          <Button
            type="primary"
            size="small"
            icon={<EditOutlined />}
            disabled={!detail}
            onClick={() => paperId && navigate(paperEditorPath({ from: 'library', paperId }))}
          >
            编辑为我的试卷
          </Button>
          <Typography.Text>显示答案解析</Typography.Text>
          <Switch aria-label="显示答案解析" checked={withAnswers} onChange={setWithAnswers} />
        </Flex>
      }
    >
      {paper.isPending || !detail ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <article aria-label="试卷内容">
          <Typography.Title level={4} style={{ textAlign: 'center' }}>
            {detail.title}
          </Typography.Title>
          <Descriptions
            size="small"
            column={4}
            items={[
              { key: 'course', label: '学科', children: detail.courseName },
              { key: 'grade', label: '年级', children: detail.gradeName ?? '—' },
              { key: 'type', label: '类型', children: detail.paperTypeName ?? '—' },
              { key: 'year', label: '年份', children: detail.year ?? '—' },
              { key: 'area', label: '地区', children: detail.areaName ?? '—' },
              { key: 'count', label: '题数', children: detail.questionCount },
              { key: 'score', label: '总分', children: detail.totalScore || '—' },
              { key: 'used', label: '组卷次数', children: detail.timesUsed },
            ]}
          />
          {detail.sections.map((section, sectionIndex) => {
            const sectionScore = section.questions.reduce((sum, q) => sum + (q.score ?? 0), 0);
            return (
              <section key={section.title} aria-label={section.title} style={{ marginTop: 20 }}>
                <Typography.Title level={5}>
                  {CHINESE_NUMERALS[sectionIndex] ?? sectionIndex + 1}、{section.title}
                  {sectionScore > 0 ? `（共 ${section.questions.length} 题，${sectionScore} 分）` : ''}
                </Typography.Title>
                <Flex vertical gap={16}>
                  {section.questions.map(({ question, score }) => {
                    number += 1;
                    return (
                      <div key={question.quesId} className="qb-paper-question">
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
            );
          })}
        </article>
      )}
    </Drawer>
  );
}
