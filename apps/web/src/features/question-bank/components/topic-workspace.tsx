import type { Question } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Flex } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useBasket } from '../basket.ts';
import {
  changeFilters,
  initialQuestionFilters,
  type QuestionFilters,
  type TreeKind,
  toQuestionRequest,
} from '../filters.ts';
import { questionBankQueries } from '../queries.ts';
import { BasketButton, BasketDrawer } from './basket-drawer.tsx';
import { CoursePicker, useChosenCourse } from './course-picker.tsx';
import { QuestionFilterBar } from './question-filter-bar.tsx';
import { QuestionList } from './question-list.tsx';
import { SimilarDrawer } from './similar-drawer.tsx';

/** What a tree panel gets from the workspace. */
export interface TreePanelArgs {
  courseId: string;
  selectedId?: string;
  onSelect: (nodeId: string | undefined) => void;
  /** The node the list covers while nothing is selected (chapter-topic: the volume in view). */
  onScope: (nodeId: string | undefined) => void;
}

export interface TopicWorkspaceProps {
  title: string;
  description: string;
  treeKind: TreeKind;
  renderTree: (args: TreePanelArgs) => ReactNode;
  /** Narrows the search to one school's published questions (school-question). */
  schoolId?: string;
}

/**
 * The question selection screen shared by know-topic and chapter-topic: course and tree on the
 * left; the filters, the sorted, paged question cards, 相似题 and the basket on the right. Only the
 * tree differs between the two screens; school-question is the same screen narrowed to the school.
 */
export function TopicWorkspace({ title, description, treeKind, renderTree, schoolId }: TopicWorkspaceProps) {
  const courseId = useChosenCourse();
  const [nodeId, setNodeId] = useState<string>();
  const [scopeId, setScopeId] = useState<string>();
  const [filters, setFilters] = useState<QuestionFilters>(initialQuestionFilters);
  const [similarOf, setSimilarOf] = useState<Question | null>(null);

  // Another course: its own tree and filter choices, so start over.
  useEffect(() => {
    if (!courseId) return;
    setNodeId(undefined);
    setScopeId(undefined);
    setFilters(initialQuestionFilters());
  }, [courseId]);

  const update = (change: Partial<QuestionFilters>) => setFilters((current) => changeFilters(current, change));
  const selectNode = (id: string | undefined) => {
    setNodeId(id);
    update({});
  };

  const base = useQuery(questionBankQueries.base(courseId));
  const request = courseId
    ? {
        ...toQuestionRequest(courseId, { kind: treeKind, nodeId: nodeId ?? scopeId }, filters),
        ...(schoolId ? { schoolId } : {}),
      }
    : null;
  const questions = useQuery(questionBankQueries.questions(request));
  const basket = useBasket(courseId);
  const basketAction = (question: Question) => <BasketButton controls={basket} quesId={question.quesId} />;

  return (
    <Flex vertical>
      <PageHeader title={title} description={description} />
      <Flex gap={16} align="flex-start">
        <Card size="small" style={{ width: 280, flex: 'none', position: 'sticky', top: 16 }}>
          <Flex vertical gap={12}>
            <CoursePicker />
            {courseId ? renderTree({ courseId, selectedId: nodeId, onSelect: selectNode, onScope: setScopeId }) : null}
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
