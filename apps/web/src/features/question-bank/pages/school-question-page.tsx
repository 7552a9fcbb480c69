import type { Question } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { readStoredUser } from '../../../lib/session.ts';
import { useBasket } from '../basket.ts';
import { BasketButton, BasketDrawer } from '../components/basket-drawer.tsx';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { KnowledgeTree } from '../components/knowledge-tree.tsx';
import { QuestionFilterBar } from '../components/question-filter-bar.tsx';
import { QuestionList } from '../components/question-list.tsx';
import { SimilarDrawer } from '../components/similar-drawer.tsx';
import { changeFilters, initialQuestionFilters, type QuestionFilters, toQuestionRequest } from '../filters.ts';
import { questionBankQueries } from '../queries.ts';

/**
 * 校本试题 (spec §2 school-question): what the school has published, searched like the shared bank
 * (questions/get_fast narrowed to the school by its schoolId), with 相似题 and the basket.
 */
export function SchoolQuestionPage() {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const courseId = useChosenCourse();
  const [nodeId, setNodeId] = useState<string>();
  const [filters, setFilters] = useState<QuestionFilters>(initialQuestionFilters);
  const [similarOf, setSimilarOf] = useState<Question | null>(null);

  useEffect(() => {
    if (!courseId) return;
    setNodeId(undefined);
    setFilters(initialQuestionFilters());
  }, [courseId]);

  const update = (change: Partial<QuestionFilters>) => setFilters((current) => changeFilters(current, change));
  const base = useQuery(questionBankQueries.base(courseId));
  const request = courseId
    ? { ...toQuestionRequest(courseId, { kind: 'knowledge', nodeId }, filters), schoolId }
    : null;
  const questions = useQuery(questionBankQueries.questions(request));
  const basket = useBasket(courseId);
  const basketAction = (question: Question) => <BasketButton controls={basket} quesId={question.quesId} />;

  return (
    <Flex vertical>
      <PageHeader title="校本试题" description="本校教务管理员发布的试题，可按知识点和条件筛选，加入试题篮组卷" />
      <Flex gap={16} align="flex-start">
        <Card size="small" style={{ width: 280, flex: 'none', position: 'sticky', top: 16 }}>
          <Flex vertical gap={12}>
            <CoursePicker />
            {courseId ? (
              <KnowledgeTree
                key={courseId}
                courseId={courseId}
                selectedId={nodeId}
                onSelect={(id) => {
                  setNodeId(id);
                  update({});
                }}
              />
            ) : null}
          </Flex>
        </Card>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          {courseId ? (
            <>
              <Card size="small">
                <QuestionFilterBar base={base.data} filters={filters} onChange={update} />
              </Card>
              <QuestionList
                page={questions.data}
                loading={questions.isFetching}
                filters={filters}
                onChange={update}
                onSimilar={setSimilarOf}
                basketAction={basketAction}
              />
            </>
          ) : (
            <Card>
              <Empty description="请先在左侧选择学科" />
            </Card>
          )}
        </Flex>
      </Flex>
      <SimilarDrawer question={similarOf} onClose={() => setSimilarOf(null)} basketAction={basketAction} />
      {courseId ? <BasketDrawer controls={basket} courseName={base.data?.courseName} /> : null}
    </Flex>
  );
}
