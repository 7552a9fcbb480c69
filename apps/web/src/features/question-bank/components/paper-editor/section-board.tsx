import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { sectionHeading } from '@huikao/contracts';
import { Button, Card, Empty, Flex, Input, InputNumber, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { type EditorAction, locate } from './editor-actions.ts';
import { type EditorPaper, type EditorQuestion, type EditorSection, numbering, sectionTotal } from './editor-model.ts';
import { QuestionRow, questionDragId } from './question-row.tsx';

export interface SectionBoardProps {
  paper: EditorPaper;
  dispatch: (action: EditorAction) => void;
  onEdit: (entry: EditorQuestion) => void;
}

const sectionDragId = (key: string) => `s:${key}`;
const keyOf = (id: string | number) => String(id).slice(2);
const isSection = (id: string | number) => String(id).startsWith('s:');

/**
 * The paper's sections and questions, both sortable by drag (or the keyboard: focus a handle,
 * space, arrows, space). A question dragged over another section moves there at once, so the
 * sections and their totals follow the pointer.
 */
export function SectionBoard({ paper, dispatch, onEdit }: SectionBoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const numbers = numbering(paper);

  /** Where a question dropped on `overId` goes: the section and index of that question, or a section's end. */
  function target(overId: string | number): { key: string; index: number } | null {
    if (isSection(overId)) {
      const section = paper.sections.find((s) => s.key === keyOf(overId));
      return section ? { key: section.key, index: section.questions.length } : null;
    }
    return locate(paper, keyOf(overId));
  }

  function onDragOver({ active, over }: DragOverEvent) {
    if (!over || isSection(active.id)) return;
    const from = locate(paper, keyOf(active.id));
    const to = target(over.id);
    if (from && to && from.key !== to.key) {
      dispatch({ type: 'moveQuestion', quesId: keyOf(active.id), toSection: to.key, toIndex: to.index });
    }
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    if (isSection(active.id)) {
      const overKey = isSection(over.id) ? keyOf(over.id) : locate(paper, keyOf(over.id))?.key;
      const toIndex = paper.sections.findIndex((s) => s.key === overKey);
      if (toIndex >= 0) dispatch({ type: 'moveSection', key: keyOf(active.id), toIndex });
      return;
    }
    const to = target(over.id);
    if (to) dispatch({ type: 'moveQuestion', quesId: keyOf(active.id), toSection: to.key, toIndex: to.index });
  }

  if (paper.sections.length === 0) return <Empty description="试卷中还没有试题" />;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragOver={onDragOver} onDragEnd={onDragEnd}>
      <SortableContext items={paper.sections.map((s) => sectionDragId(s.key))} strategy={verticalListSortingStrategy}>
        <Flex vertical gap={16}>
          {paper.sections.map((section, index) => (
            <SectionCard key={section.key} section={section} index={index} dispatch={dispatch}>
              <SortableContext
                items={section.questions.map((q) => questionDragId(q.quesId))}
                strategy={verticalListSortingStrategy}
              >
                <Flex vertical gap={8} style={{ minHeight: 40 }}>
                  {section.questions.length === 0 ? (
                    <Typography.Text type="secondary">把试题拖到这里，或删除这个空的大题</Typography.Text>
                  ) : null}
                  {section.questions.map((entry) => (
                    <QuestionRow
                      key={entry.quesId}
                      entry={entry}
                      number={numbers.get(entry.quesId) ?? 0}
                      sectionKey={section.key}
                      dispatch={dispatch}
                      onEdit={onEdit}
                    />
                  ))}
                </Flex>
              </SortableContext>
            </SectionCard>
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

interface SectionCardProps {
  section: EditorSection;
  index: number;
  dispatch: (action: EditorAction) => void;
  children: React.ReactNode;
}

/** A section: its heading as printed, its title, total, a score for all its questions, and its questions. */
function SectionCard({ section, index, dispatch, children }: SectionCardProps) {
  const sortable = useSortable({ id: sectionDragId(section.key), data: { kind: 'section' } });
  const [allScore, setAllScore] = useState<number | null>(null);
  const heading = sectionHeading(
    index,
    section.title,
    section.questions.map((q) => q.score),
  );
  return (
    <Card
      ref={sortable.setNodeRef}
      size="small"
      className="qb-editor-section"
      aria-label={heading}
      style={{
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
      }}
      title={
        <Flex align="center" gap={8} wrap>
          <Button
            type="text"
            size="small"
            icon={<HolderOutlined />}
            aria-label={`拖动大题${index + 1}`}
            style={{ cursor: 'grab' }}
            {...sortable.attributes}
            {...sortable.listeners}
          />
          <Input
            aria-label={`大题${index + 1}标题`}
            size="small"
            value={section.title}
            maxLength={100}
            onChange={(event) => dispatch({ type: 'renameSection', key: section.key, title: event.target.value })}
            style={{ width: 160 }}
          />
          <Typography.Text className="qb-section-heading" type="secondary" style={{ fontWeight: 'normal' }}>
            {heading}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Space size={4}>
          <InputNumber
            aria-label={`大题${index + 1}每题分值`}
            size="small"
            min={0}
            max={1000}
            step={0.5}
            precision={2}
            placeholder="每题分值"
            value={allScore}
            onChange={(value) => setAllScore(value === null ? null : Number(value))}
            style={{ width: 96 }}
          />
          <Button
            size="small"
            disabled={allScore === null || section.questions.length === 0}
            onClick={() =>
              allScore !== null && dispatch({ type: 'setSectionScores', key: section.key, score: allScore })
            }
          >
            设为每题分值
          </Button>
          <Typography.Text strong style={{ marginLeft: 8 }}>
            小计 {sectionTotal(section)} 分
          </Typography.Text>
          <Popconfirm
            title="删除这个大题和其中的试题？"
            okText="删除"
            cancelText="取消"
            onConfirm={() => dispatch({ type: 'removeSection', key: section.key })}
          >
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除大题${index + 1}`} />
          </Popconfirm>
        </Space>
      }
    >
      {children}
    </Card>
  );
}
