import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DIFFICULTY_LEVELS, OPTION_LETTERS, type TreeNode } from '@huikao/contracts';
import { Button, Card, Checkbox, Flex, Input, InputNumber, Select, Tag, TreeSelect, Typography } from 'antd';
import { FormulaText } from '../../../components/formula-text.tsx';
import { PhotoQuestionButton, usePastePicture } from '../../../components/question-text-tools.tsx';
import type { DraftChange, DraftQuestion } from '../question-drafts.ts';

export interface QuestionDraftCardProps {
  draft: DraftQuestion;
  /** The course's question types (base/get). */
  types: { id: string; name: string }[];
  /** The course's knowledge-point tree (nodes/get type 1). */
  knowledgeTree: TreeNode[] | undefined;
  onChange: (change: DraftChange) => void;
  /** Hide the 导入 checkbox (the edit form of one question). */
  single?: boolean;
  /** The teacher's school: given, the 题干 takes pasted pictures and offers 拍照识题. */
  schoolId?: string;
}

interface TreeSelectNode {
  value: string;
  title: string;
  children: TreeSelectNode[];
}
const toTreeData = (nodes: TreeNode[]): TreeSelectNode[] =>
  nodes.map((node) => ({ value: node.id, title: node.name, children: toTreeData(node.children) }));

/**
 * One question of an import preview (or the edit form): 题型, 难度, 分值, 题干 with its formulas
 * rendered beside, options A–F, 答案, 解析 and 知识点, with what the importer found wrong.
 */
export function QuestionDraftCard({ draft, types, knowledgeTree, onChange, single, schoolId }: QuestionDraftCardProps) {
  const setOption = (index: number, text: string) =>
    onChange({ options: draft.options.map((option, i) => (i === index ? text : option)) });
  const stemPaste = usePastePicture(schoolId, (stem) => onChange({ stem }));
  const label = draft.rowNo !== null ? `第 ${draft.no} 题（第 ${draft.rowNo} 行）` : `第 ${draft.no} 题`;
  return (
    <Card
      size="small"
      className="qb-draft-card"
      data-draft-no={draft.no}
      title={
        single ? undefined : (
          <Flex gap={8} align="center">
            <Checkbox checked={draft.include} onChange={(event) => onChange({ include: event.target.checked })}>
              {label}
            </Checkbox>
            {draft.section ? <Tag>{draft.section}</Tag> : null}
          </Flex>
        )
      }
      styles={{ body: { opacity: draft.include ? 1 : 0.55 } }}
    >
      <Flex vertical gap={8}>
        {draft.errors.map((error) => (
          <Typography.Text key={error} type="danger">
            {error}
          </Typography.Text>
        ))}
        {draft.notes.map((note) => (
          <Typography.Text key={note} type="warning">
            {note}
          </Typography.Text>
        ))}
        <Flex gap={12} wrap>
          <Labeled label="题型">
            <Select
              aria-label="题型"
              placeholder="请选择题型"
              value={draft.questionTypeId ?? undefined}
              options={types.map((type) => ({ value: type.id, label: type.name }))}
              onChange={(questionTypeId: string) => onChange({ questionTypeId })}
              style={{ width: 130 }}
            />
          </Labeled>
          <Labeled label="难度">
            <Select
              aria-label="难度"
              value={draft.difficulty}
              options={DIFFICULTY_LEVELS.map((level) => ({ value: Number(level.id), label: level.name }))}
              onChange={(difficulty: number) => onChange({ difficulty })}
              style={{ width: 96 }}
            />
          </Labeled>
          <Labeled label="分值">
            <InputNumber
              aria-label="分值"
              min={0}
              max={200}
              value={draft.score}
              onChange={(score) => onChange({ score: score ?? null })}
              style={{ width: 80 }}
            />
          </Labeled>
        </Flex>
        <Labeled label="题干">
          <Input.TextArea
            aria-label="题干"
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={draft.stem}
            placeholder={schoolId ? '可直接粘贴截图；或用“拍照识题”识别照片中的题目' : undefined}
            onChange={(event) => onChange({ stem: event.target.value })}
            onPaste={stemPaste.onPaste}
          />
          {schoolId ? (
            <Flex gap={8} align="center" style={{ marginTop: 4 }}>
              <PhotoQuestionButton schoolId={schoolId} onText={(stem) => onChange({ stem })} />
              {stemPaste.uploading ? <Typography.Text type="secondary">图片上传中…</Typography.Text> : null}
            </Flex>
          ) : null}
        </Labeled>
        {draft.stem.includes('$') || draft.stem.includes('{{图:') ? (
          <div style={{ background: '#fafafa', padding: '4px 8px', borderRadius: 4 }}>
            <FormulaText block text={draft.stem} />
          </div>
        ) : null}
        {draft.options.map((option, index) => (
          <Flex key={OPTION_LETTERS[index]} gap={8} align="center">
            <Typography.Text strong style={{ width: 16 }}>
              {OPTION_LETTERS[index]}
            </Typography.Text>
            <Input
              aria-label={`选项${OPTION_LETTERS[index]}`}
              value={option}
              onChange={(event) => setOption(index, event.target.value)}
            />
            <Button
              aria-label={`删除选项${OPTION_LETTERS[index]}`}
              icon={<DeleteOutlined />}
              type="text"
              onClick={() => onChange({ options: draft.options.filter((_, i) => i !== index) })}
            />
          </Flex>
        ))}
        {draft.options.length < OPTION_LETTERS.length ? (
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => onChange({ options: [...draft.options, ''] })}
            style={{ alignSelf: 'flex-start' }}
          >
            添加选项
          </Button>
        ) : null}
        <Flex gap={12} wrap>
          <Labeled label="答案">
            <Input
              aria-label="答案"
              value={draft.answer}
              placeholder="选择题填字母；判断题填 正确 或 错误"
              onChange={(event) => onChange({ answer: event.target.value })}
              style={{ width: 320 }}
            />
          </Labeled>
          <Labeled label="知识点">
            <TreeSelect
              aria-label="知识点"
              multiple
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder="选择知识点"
              value={draft.knowledgePointIds}
              treeData={toTreeData(knowledgeTree ?? [])}
              onChange={(knowledgePointIds: string[]) => onChange({ knowledgePointIds })}
              style={{ minWidth: 260 }}
            />
          </Labeled>
        </Flex>
        <Labeled label="解析">
          <Input.TextArea
            aria-label="解析"
            autoSize={{ minRows: 1, maxRows: 6 }}
            value={draft.explanation}
            onChange={(event) => onChange({ explanation: event.target.value })}
          />
        </Labeled>
      </Flex>
    </Card>
  );
}

function Labeled({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Flex gap={6} align="flex-start" style={{ flex: label === '题干' || label === '解析' ? 1 : undefined }}>
      <Typography.Text type="secondary" style={{ flex: 'none', lineHeight: '32px' }}>
        {label}
      </Typography.Text>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
    </Flex>
  );
}
