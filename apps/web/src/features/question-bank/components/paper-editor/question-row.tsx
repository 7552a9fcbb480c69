import { DeleteOutlined, EditOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Flex, InputNumber, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import { QuestionBody } from '../question-body.tsx';
import type { EditorAction } from './editor-actions.ts';
import { type EditorQuestion, shownQuestion } from './editor-model.ts';

export interface QuestionRowProps {
  entry: EditorQuestion;
  number: number;
  sectionKey: string;
  dispatch: (action: EditorAction) => void;
  onEdit: (entry: EditorQuestion) => void;
}

export const questionDragId = (quesId: string) => `q:${quesId}`;

/** One question of a section: drag handle, number, the (edited) question, its score and answer space. */
export function QuestionRow({ entry, number, sectionKey, dispatch, onEdit }: QuestionRowProps) {
  const sortable = useSortable({ id: questionDragId(entry.quesId), data: { kind: 'question', sectionKey } });
  const shown = shownQuestion(entry);
  return (
    <div
      ref={sortable.setNodeRef}
      className="qb-editor-question"
      data-ques-id={entry.quesId}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.5 : 1,
        border: '1px solid #f0f0f0',
        borderRadius: 6,
        padding: '10px 12px',
        background: '#fff',
      }}
    >
      <Flex gap={10} align="flex-start">
        <Button
          type="text"
          size="small"
          icon={<HolderOutlined />}
          aria-label={`拖动第${number}题`}
          style={{ cursor: 'grab', flex: 'none' }}
          {...sortable.attributes}
          {...sortable.listeners}
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <QuestionBody question={shown} number={number} />
          <Flex gap={6} style={{ marginTop: 6 }}>
            <Tag>{entry.question.questionTypeName}</Tag>
            <Tag>{entry.question.diffGradeName}</Tag>
            {entry.edited ? <Tag color="orange">已编辑</Tag> : null}
          </Flex>
        </div>
        <Flex vertical gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Flex align="center" gap={4}>
            <Typography.Text type="secondary">分值</Typography.Text>
            <InputNumber
              aria-label={`第${number}题分值`}
              size="small"
              min={0}
              max={1000}
              step={0.5}
              precision={2}
              value={entry.score}
              onChange={(value) => dispatch({ type: 'setScore', quesId: entry.quesId, score: Number(value ?? 0) })}
              style={{ width: 84 }}
            />
          </Flex>
          <Tooltip title="题目下方留给学生作答的高度，0 为不留">
            <Flex align="center" gap={4}>
              <Typography.Text type="secondary">作答空间</Typography.Text>
              <InputNumber
                aria-label={`第${number}题作答空间（毫米）`}
                size="small"
                min={0}
                max={300}
                step={5}
                precision={0}
                suffix="mm"
                placeholder="默认"
                value={entry.answerHeightMm}
                onChange={(value) =>
                  dispatch({
                    type: 'setAnswerHeight',
                    quesId: entry.quesId,
                    heightMm: value === null ? null : Number(value),
                  })
                }
                style={{ width: 100 }}
              />
            </Flex>
          </Tooltip>
          <Flex gap={4}>
            <Button size="small" icon={<EditOutlined />} onClick={() => onEdit(entry)}>
              编辑
            </Button>
            <Popconfirm
              title="从试卷中移除这道题？"
              okText="移除"
              cancelText="取消"
              onConfirm={() => dispatch({ type: 'removeQuestion', quesId: entry.quesId })}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`移除第${number}题`} />
            </Popconfirm>
          </Flex>
        </Flex>
      </Flex>
    </div>
  );
}
