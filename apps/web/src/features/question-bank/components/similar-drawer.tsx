import type { Question } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Flex, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { questionBankQueries } from '../queries.ts';
import { QuestionBody } from './question-body.tsx';
import { QuestionCard } from './question-card.tsx';

export interface SimilarDrawerProps {
  question: Question | null;
  onClose: () => void;
  basketAction?: (question: Question) => ReactNode;
}

/** 相似题: questions of the course with the same knowledge points and close wording. */
export function SimilarDrawer({ question, onClose, basketAction }: SimilarDrawerProps) {
  const similar = useQuery(questionBankQueries.similar(question?.quesId ?? null));
  return (
    <Drawer title="相似题" open={question !== null} onClose={onClose} size={760} destroyOnHidden>
      {question ? (
        <Flex vertical gap={12}>
          <div style={{ background: '#fafafa', padding: 12, borderRadius: 6 }}>
            <Typography.Text type="secondary">原题</Typography.Text>
            <QuestionBody question={question} />
          </div>
          {similar.isPending ? (
            <Skeleton active />
          ) : (similar.data ?? []).length === 0 ? (
            <Empty description="暂无相似题" />
          ) : (
            similar.data?.map((item) => (
              <QuestionCard key={item.quesId} question={item} basketAction={basketAction?.(item)} />
            ))
          )}
        </Flex>
      ) : null}
    </Drawer>
  );
}
