import type { MultiExam, SingleExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ConfigProvider,
  Flex,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { useSaveStructure } from '../mutations.ts';
import { examQueries } from '../queries.ts';
import {
  type QuestionDraft,
  questionProblems,
  type StructureDraft,
  structureFromServer,
  structureFullMark,
  structureSaveParams,
} from '../question-structure-model.ts';
import { GroupsBar } from './question-groups-bar.tsx';
import { QuickAddBar } from './quick-add-bar.tsx';
import { chosenSubject, SubjectTabs } from './subject-tabs.tsx';

export interface QuestionStructureStepProps {
  exam: MultiExam;
  editable: boolean;
}

/** ④ 题目结构与答案: per subject, the groups (大题) and questions with their keys and marks. */
export function QuestionStructureStep({ exam, editable }: QuestionStructureStepProps) {
  const [seId, setSeId] = useState('');
  const subject = chosenSubject(exam.singleExams, seId);
  if (!subject) return <SubjectTabs subjects={exam.singleExams} value="" onChange={setSeId} />;
  return (
    <Flex vertical gap={12}>
      <SubjectTabs subjects={exam.singleExams} value={subject.seId} onChange={setSeId} />
      <StructureEditor key={subject.seId} exam={exam} subject={subject} editable={editable} />
    </Flex>
  );
}

/** Question types as one choice: the three objective kinds and 主观题. */
const TYPE_OPTIONS = [
  { value: 'o1', label: '单选题' },
  { value: 'o2', label: '多选题' },
  { value: 'o3', label: '判断题' },
  { value: 's', label: '主观题' },
];
const typeOf = (q: QuestionDraft) => (q.kind === 1 ? `o${q.objectiveType ?? 1}` : 's');

interface StructureEditorProps {
  exam: MultiExam;
  subject: SingleExam;
  editable: boolean;
}

function StructureEditor({ exam, subject, editable }: StructureEditorProps) {
  const { schoolId } = useExamContext();
  const structure = useQuery(examQueries.structure(schoolId, subject.seId));
  const save = useSaveStructure();
  const [draft, setDraft] = useState<StructureDraft | null>(null);
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (structure.data && !dirty) setDraft(structureFromServer(structure.data.groups, structure.data.questions));
  }, [structure.data, dirty]);

  if (!draft) return <Typography.Text type="secondary">加载中…</Typography.Text>;

  const change = (next: StructureDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const setQuestion = (rowKey: string, patch: Partial<QuestionDraft>) =>
    change({ ...draft, questions: draft.questions.map((q) => (q.rowKey === rowKey ? { ...q, ...patch } : q)) });
  const sum = structureFullMark(draft.questions);
  const problems = draft.questions.flatMap((q) =>
    questionProblems(q, draft.questions).map((problem) => `第 ${q.questionNo || '?'} 题：${problem}`),
  );

  async function submit() {
    if (!draft || problems.length > 0) return;
    try {
      const result = await save.mutateAsync({ meId: exam.meId, seId: subject.seId, ...structureSaveParams(draft) });
      setDirty(false);
      notifySuccess(
        '题目结构已保存',
        result.rescored > 0 ? `已按新的答案和分值重新计分 ${result.rescored} 名学生` : '没有需要重新计分的学生',
      );
    } catch {
      // Shown by the api-client.
    }
  }

  const groupOptions = draft.groups.map((g) => ({ value: g.key, label: g.name || '（未命名）' }));
  const columns: TableColumnsType<QuestionDraft> = [
    {
      key: 'group',
      title: '大题',
      width: 150,
      render: (_v, q) => (
        <Select<string>
          aria-label={`第${q.questionNo}题大题`}
          size="small"
          allowClear
          placeholder="不分大题"
          style={{ width: 140 }}
          value={q.groupKey ?? undefined}
          onChange={(value) => setQuestion(q.rowKey, { groupKey: value ?? null })}
          options={groupOptions}
        />
      ),
    },
    {
      key: 'no',
      title: '题号',
      width: 80,
      render: (_v, q) => (
        <Input
          aria-label="题号"
          size="small"
          value={q.questionNo}
          maxLength={20}
          onChange={(event) => setQuestion(q.rowKey, { questionNo: event.target.value })}
        />
      ),
    },
    {
      key: 'type',
      title: '类型',
      width: 110,
      render: (_v, q) => (
        <Select<string>
          aria-label={`第${q.questionNo}题类型`}
          size="small"
          style={{ width: 100 }}
          value={typeOf(q)}
          options={TYPE_OPTIONS}
          onChange={(value) => {
            const objectiveType = value === 's' ? null : Number(value.slice(1));
            setQuestion(q.rowKey, {
              kind: value === 's' ? 2 : 1,
              objectiveType,
              optionCount: objectiveType === 1 || objectiveType === 2 ? (q.optionCount ?? 4) : null,
              answer: '',
              partialMark: objectiveType === 2 ? q.partialMark : null,
            });
          }}
        />
      ),
    },
    {
      key: 'options',
      title: '选项数',
      width: 80,
      render: (_v, q) =>
        q.kind === 1 && q.objectiveType !== 3 ? (
          <InputNumber<number>
            aria-label={`第${q.questionNo}题选项数`}
            size="small"
            min={2}
            max={8}
            style={{ width: 64 }}
            value={q.optionCount}
            onChange={(value) => setQuestion(q.rowKey, { optionCount: value })}
          />
        ) : null,
    },
    {
      key: 'answer',
      title: '答案',
      width: 90,
      render: (_v, q) =>
        q.kind === 1 ? (
          <Input
            aria-label={`第${q.questionNo}题答案`}
            size="small"
            style={{ width: 80 }}
            placeholder={q.objectiveType === 3 ? 'T/F' : 'A'}
            value={q.answer}
            maxLength={8}
            onChange={(event) => setQuestion(q.rowKey, { answer: event.target.value.toUpperCase() })}
          />
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'fullMark',
      title: '满分',
      width: 90,
      render: (_v, q) => (
        <InputNumber<number>
          aria-label={`第${q.questionNo}题满分`}
          size="small"
          min={0}
          max={1000}
          style={{ width: 76 }}
          value={q.fullMark}
          onChange={(value) => setQuestion(q.rowKey, { fullMark: value })}
        />
      ),
    },
    {
      key: 'partial',
      title: '少选得分',
      width: 90,
      render: (_v, q) =>
        q.objectiveType === 2 ? (
          <InputNumber<number>
            aria-label={`第${q.questionNo}题少选得分`}
            size="small"
            min={0}
            style={{ width: 76 }}
            value={q.partialMark}
            onChange={(value) => setQuestion(q.rowKey, { partialMark: value })}
          />
        ) : null,
    },
    {
      key: 'points',
      title: '知识点',
      render: (_v, q) => (
        <Select<string[]>
          aria-label={`第${q.questionNo}题知识点`}
          size="small"
          mode="tags"
          style={{ minWidth: 180 }}
          placeholder="输入后回车"
          value={q.knowledgePoints}
          onChange={(value) => setQuestion(q.rowKey, { knowledgePoints: value.slice(0, 10) })}
          open={false}
        />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 70,
      render: (_v, q) => (
        <Button
          type="link"
          size="small"
          danger
          onClick={() => change({ ...draft, questions: draft.questions.filter((other) => other.rowKey !== q.rowKey) })}
        >
          删除
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap data-testid="structure-sum">
        <Typography.Text>
          共 {draft.questions.length} 题，题目满分合计{' '}
          <Typography.Text strong type={sum === subject.fullMark ? 'success' : 'danger'}>
            {sum}
          </Typography.Text>{' '}
          / 科目满分 {subject.fullMark}
        </Typography.Text>
        {sum !== subject.fullMark && draft.questions.length > 0 ? (
          <Tag color="warning">题目满分合计与科目满分不一致</Tag>
        ) : null}
      </Flex>
      {editable ? (
        <>
          <GroupsBar draft={draft} onChange={change} />
          <QuickAddBar
            groups={groupOptions}
            onAdd={(questions) => change({ ...draft, questions: [...draft.questions, ...questions] })}
            existing={draft.questions}
          />
        </>
      ) : null}
      {/* Read-only: the same table with every control disabled. */}
      <ConfigProvider componentDisabled={!editable}>
        <Table<QuestionDraft>
          aria-label="题目"
          rowKey="rowKey"
          size="small"
          columns={editable ? columns : columns.filter((c) => c.key !== 'actions')}
          dataSource={draft.questions}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: '还没有题目。没有题目结构时，成绩按总分录入。' }}
        />
      </ConfigProvider>
      {problems.length > 0 ? (
        <Alert type="error" showIcon title="请先修改以下问题再保存" description={problems.join('；')} />
      ) : null}
      {editable ? (
        <Space>
          <Button
            type="primary"
            disabled={!dirty || problems.length > 0}
            loading={save.isPending}
            onClick={() => void submit()}
          >
            保存题目结构与答案
          </Button>
          {dirty ? (
            <Button onClick={() => setDirty(false)} disabled={save.isPending}>
              放弃修改
            </Button>
          ) : null}
          {dirty ? <Typography.Text type="warning">有未保存的修改</Typography.Text> : null}
        </Space>
      ) : null}
    </Flex>
  );
}
