import { type ExamQuestion, OBJECTIVE_TYPES } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Flex, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { structureEditorPath } from '../card-labels.ts';
import { cardQueries, useCardContext } from '../queries.ts';

export interface StructureTabProps {
  seId: string;
  meId: string;
}

const typeName = (question: ExamQuestion) =>
  question.kind === 1
    ? (OBJECTIVE_TYPES[question.objectiveType as keyof typeof OBJECTIVE_TYPES] ?? '客观题')
    : '主观题';

/**
 * 题目结构: the single exam's groups and questions as the card is made from them. They are edited
 * in 我的考试 (the exam's 题目结构与答案 step), one editor for the whole platform.
 */
export function StructureTab({ seId, meId }: StructureTabProps) {
  const { schoolId, canEditExam: canManage } = useCardContext();
  const structure = useQuery(cardQueries.structure(schoolId, seId));
  if (structure.error) return <Alert type="error" showIcon title={`题目结构加载失败：${structure.error.message}`} />;
  const data = structure.data;
  const groups = new Map((data?.groups ?? []).map((group) => [group.groupId, group.name]));
  const questions = [...(data?.questions ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const total = questions.reduce((sum, question) => sum + question.fullMark, 0);
  const editLink = canManage ? <Link to={structureEditorPath(meId)}>在“我的考试”中编辑题目结构与答案</Link> : null;

  if (data && questions.length === 0) {
    return <Empty description="这个科目还没有题目：设置题目结构后才能生成答题卡">{editLink}</Empty>;
  }
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" wrap gap={8}>
        <Typography.Text data-testid="structure-summary">
          共 {questions.length} 题，客观题 {questions.filter((q) => q.kind === 1).length} 道，满分 {total} 分
        </Typography.Text>
        {editLink}
      </Flex>
      <Table<ExamQuestion>
        size="small"
        rowKey="questionId"
        loading={structure.isPending}
        dataSource={questions}
        pagination={questions.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        columns={[
          { key: 'group', title: '大题', render: (_v, q) => (q.groupId ? (groups.get(q.groupId) ?? '—') : '—') },
          { key: 'no', title: '题号', dataIndex: 'questionNo', width: 70 },
          { key: 'type', title: '题型', render: (_v, q) => typeName(q), width: 90 },
          { key: 'options', title: '选项数', render: (_v, q) => q.optionCount ?? '—', width: 80 },
          { key: 'answer', title: '答案', render: (_v, q) => q.answer ?? '—', width: 80 },
          { key: 'mark', title: '满分', dataIndex: 'fullMark', width: 70 },
          {
            key: 'knowledge',
            title: '知识点',
            render: (_v, q) =>
              q.knowledgePoints.length > 0 ? (
                <Flex gap={4} wrap>
                  {q.knowledgePoints.map((point) => (
                    <Tag key={point}>{point}</Tag>
                  ))}
                </Flex>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Flex>
  );
}
