import { QUESTION_ORDERS, type Question, type QuestionPage } from '@huikao/contracts';
import { Empty, Flex, Pagination, Segmented, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { QUESTION_PAGE_SIZES, type QuestionFilters } from '../filters.ts';
import { QuestionCard } from './question-card.tsx';

export interface QuestionListProps {
  page: QuestionPage | undefined;
  loading: boolean;
  filters: QuestionFilters;
  onChange: (change: Partial<QuestionFilters>) => void;
  onSimilar: (question: Question) => void;
  basketAction?: (question: Question) => ReactNode;
}

const ORDER_OPTIONS = Object.entries(QUESTION_ORDERS).map(([id, label]) => ({ value: Number(id), label }));

/** The sort bar, the question cards and the pager (10 a page by default, spec §9). */
export function QuestionList({ page, loading, filters, onChange, onSimilar, basketAction }: QuestionListProps) {
  const total = page?.total ?? 0;
  // get_fast counts up to QUESTION_TOTAL_CAP (1000): beyond it the total reads 1000+.
  const shownTotal = page?.totalCapped ? `${total}+` : String(total);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex align="center" gap={8}>
          <Typography.Text type="secondary">排序：</Typography.Text>
          <Segmented
            aria-label="排序"
            size="small"
            value={filters.orderId}
            onChange={(orderId) => onChange({ orderId: Number(orderId) })}
            options={ORDER_OPTIONS}
          />
        </Flex>
        <Typography.Text type="secondary" aria-live="polite">
          共 <Typography.Text strong>{shownTotal}</Typography.Text> 道试题
        </Typography.Text>
      </Flex>
      <Spin spinning={loading}>
        {page && page.list.length === 0 ? (
          <Empty
            style={{ padding: 48 }}
            description={filters.keyword ? `没有与“${filters.keyword}”匹配的试题` : '没有符合条件的试题'}
          />
        ) : (
          <Flex vertical gap={12} aria-label="试题列表" style={{ minHeight: 120 }}>
            {page?.list.map((question) => (
              <QuestionCard
                key={question.quesId}
                question={question}
                onSimilar={onSimilar}
                basketAction={basketAction?.(question)}
              />
            ))}
          </Flex>
        )}
      </Spin>
      {total > 0 ? (
        <Pagination
          align="end"
          current={filters.currentPage}
          pageSize={filters.pageSize}
          total={total}
          showSizeChanger
          pageSizeOptions={QUESTION_PAGE_SIZES.map(String)}
          showTotal={() => `共 ${shownTotal} 条`}
          onChange={(currentPage, pageSize) =>
            pageSize !== filters.pageSize ? onChange({ pageSize }) : onChange({ currentPage })
          }
        />
      ) : null}
    </Flex>
  );
}
