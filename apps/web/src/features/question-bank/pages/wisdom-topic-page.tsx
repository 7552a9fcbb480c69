import {
  DIFFICULTY_LEVELS,
  type Question,
  questionBankApi,
  questionBankUserApi,
  type TreeNode,
  type WisdomPaper,
} from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  InputNumber,
  Radio,
  Slider,
  Space,
  Tag,
  Tree,
  type TreeDataNode,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { basketKey, useBasket } from '../basket.ts';
import { BasketButton, BasketDrawer } from '../components/basket-drawer.tsx';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { QuestionCard } from '../components/question-card.tsx';
import { questionBankQueries } from '../queries.ts';
import { averageDifficulty, replacementFor, sectionsOf, swapQuestion, type WisdomSection } from '../wisdom-paper.ts';

const CHINESE_NUMERALS = '一二三四五六七八九十';
const MAX_TAGS = 50;

function toTreeData(nodes: TreeNode[]): TreeDataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.name, children: toTreeData(node.children) }));
}

/**
 * 智能组卷 (spec §2 wisdom-topic; questions/get_by_wisdom): knowledge points or chapters, question
 * types with counts and a target difficulty → a proposed paper by type with its difficulty and
 * coverage; any question swapped for a similar one; the whole paper sent to the basket.
 */
export function WisdomTopicPage() {
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [tagType, setTagType] = useState<1 | 2>(1);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [difficulty, setDifficulty] = useState(3);
  const [proposal, setProposal] = useState<WisdomPaper | null>(null);
  const [sections, setSections] = useState<WisdomSection[]>([]);
  const [swapping, setSwapping] = useState<string | null>(null);
  const base = useQuery(questionBankQueries.base(courseId));
  const tree = useQuery(questionBankQueries.nodes(courseId, tagType));
  const basket = useBasket(courseId);
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);

  // Another course or tree: its own tags and types.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the course or the tree changes
  useEffect(() => {
    setTagIds([]);
    setProposal(null);
    setSections([]);
  }, [courseId, tagType]);
  useEffect(() => {
    const first = base.data?.questionTypes[0];
    setCounts(first ? { [first.id]: 5 } : {});
  }, [base.data]);

  const quesTypes = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([questionTypeId, count]) => ({ questionTypeId, count }));
  const assemble = useMutation({
    mutationFn: (seed?: number) =>
      call(questionBankApi.getByWisdom, { courseId: courseId ?? '', tagType, tagIds, quesTypes, difficulty, seed }),
    onSuccess: (paper) => {
      setProposal(paper);
      setSections(sectionsOf(paper));
    },
  });
  const sendAll = useMutation({
    mutationFn: (quesIds: string[]) => call(questionBankUserApi.addManyToBasket, { quesIds }),
    onSuccess: (next) => {
      queryClient.setQueryData(basketKey(next.courseId), next);
      notifySuccess('已加入试题篮', `试题篮共 ${next.total} 题`);
    },
  });

  async function swap(question: Question) {
    setSwapping(question.quesId);
    try {
      const similar = await queryClient.fetchQuery(questionBankQueries.similar(question.quesId));
      const replacement = replacementFor(sections, question, similar);
      if (replacement) setSections((current) => swapQuestion(current, question, replacement));
      else notifyWarning('提示', '没有可替换的同题型相似题');
    } catch {
      // The api-client has shown why.
    } finally {
      setSwapping(null);
    }
  }

  const problem =
    tagIds.length === 0
      ? `请在左侧勾选${tagType === 1 ? '知识点' : '章节'}`
      : tagIds.length > MAX_TAGS
        ? `最多勾选${MAX_TAGS}个`
        : quesTypes.length === 0
          ? '请至少为一种题型设置题量'
          : null;
  const paperIds = sections.flatMap((section) => section.questions.map((q) => q.quesId));
  const achieved = averageDifficulty(sections);

  return (
    <Flex vertical>
      <PageHeader
        title="智能组卷"
        description="选择知识点或章节、题型题量和目标难度，自动生成试卷；可逐题替换为相似题"
      />
      <Flex gap={16} align="flex-start">
        <Card size="small" style={{ width: 300, flex: 'none' }}>
          <Flex vertical gap={12}>
            <CoursePicker />
            <Radio.Group
              aria-label="组卷依据"
              optionType="button"
              value={tagType}
              onChange={(event) => setTagType(event.target.value as 1 | 2)}
              options={[
                { value: 1, label: '按知识点' },
                { value: 2, label: '按章节' },
              ]}
            />
            <Typography.Text type="secondary">已选 {tagIds.length} 个</Typography.Text>
            <section aria-label={tagType === 1 ? '知识点树' : '章节树'}>
              {treeData.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tree.isPending ? '加载中' : '暂无数据'} />
              ) : (
                <Tree
                  checkable
                  checkStrictly
                  blockNode
                  treeData={treeData}
                  checkedKeys={tagIds}
                  onCheck={(checked) => {
                    const keys = Array.isArray(checked) ? checked : checked.checked;
                    setTagIds(keys.map(String));
                  }}
                  style={{ maxHeight: 'calc(100vh - 360px)', overflow: 'auto' }}
                />
              )}
            </section>
          </Flex>
        </Card>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Card size="small" title="组卷条件">
            <Flex vertical gap={12}>
              <Flex wrap gap={16} aria-label="题型题量">
                {base.data?.questionTypes.map((type) => (
                  <Flex key={type.id} align="center" gap={6}>
                    <Typography.Text>{type.name}</Typography.Text>
                    <InputNumber
                      aria-label={`${type.name}题量`}
                      size="small"
                      min={0}
                      max={50}
                      value={counts[type.id] ?? 0}
                      onChange={(value) => setCounts((current) => ({ ...current, [type.id]: value ?? 0 }))}
                      style={{ width: 64 }}
                    />
                  </Flex>
                ))}
              </Flex>
              <Flex align="center" gap={12}>
                <Typography.Text>目标难度</Typography.Text>
                <Slider
                  aria-label="目标难度"
                  min={1}
                  max={5}
                  step={0.5}
                  value={difficulty}
                  onChange={setDifficulty}
                  marks={Object.fromEntries(DIFFICULTY_LEVELS.map((level) => [Number(level.id), level.name]))}
                  style={{ width: 360 }}
                />
              </Flex>
              <Flex gap={8} align="center">
                <Button
                  type="primary"
                  disabled={problem !== null || !courseId}
                  loading={assemble.isPending}
                  onClick={() => assemble.mutate(undefined)}
                >
                  生成试卷
                </Button>
                {problem ? <Typography.Text type="secondary">{problem}</Typography.Text> : null}
              </Flex>
            </Flex>
          </Card>
          {proposal ? (
            <ProposalView
              proposal={proposal}
              sections={sections}
              achieved={achieved}
              target={difficulty}
              sending={sendAll.isPending}
              onSendAll={() => sendAll.mutate(paperIds)}
              onAgain={() => assemble.mutate(Math.floor(Math.random() * 2_000_000_000))}
              renderActions={(question) => (
                <>
                  <Button size="small" loading={swapping === question.quesId} onClick={() => void swap(question)}>
                    换一题
                  </Button>
                  <BasketButton controls={basket} quesId={question.quesId} />
                </>
              )}
            />
          ) : null}
        </Flex>
      </Flex>
      {courseId ? <BasketDrawer controls={basket} courseName={base.data?.courseName} /> : null}
    </Flex>
  );
}

interface ProposalViewProps {
  proposal: WisdomPaper;
  sections: WisdomSection[];
  achieved: number | null;
  target: number;
  sending: boolean;
  onSendAll: () => void;
  onAgain: () => void;
  renderActions: (question: Question) => React.ReactNode;
}

function ProposalView({
  proposal,
  sections,
  achieved,
  target,
  sending,
  onSendAll,
  onAgain,
  renderActions,
}: ProposalViewProps) {
  const total = sections.reduce((n, section) => n + section.questions.length, 0);
  let number = 0;
  return (
    <Card
      size="small"
      title="生成的试卷"
      extra={
        <Space>
          <Button onClick={onAgain}>重新生成</Button>
          <Button type="primary" disabled={total === 0} loading={sending} onClick={onSendAll}>
            全部加入试题篮
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={3}
          items={[
            { key: 'count', label: '题数', children: <span data-testid="wisdom-count">{total}</span> },
            { key: 'achieved', label: '平均难度', children: achieved ?? '—' },
            { key: 'target', label: '目标难度', children: target },
          ]}
        />
        <Flex wrap gap={4} aria-label="知识点覆盖">
          {proposal.coverage.map((tag) => (
            <Tag key={tag.tagId} color={tag.count > 0 ? 'blue' : 'red'}>
              {tag.name} × {tag.count}
            </Tag>
          ))}
        </Flex>
        {proposal.uncoveredTagIds.length > 0 ? (
          <Alert type="warning" showIcon title={`有 ${proposal.uncoveredTagIds.length} 个知识点没有找到可用的试题`} />
        ) : null}
        {proposal.shortfalls.map((shortfall) => (
          <Alert
            key={shortfall.questionTypeId}
            type="warning"
            showIcon
            title={`${sections.find((s) => s.questionTypeId === shortfall.questionTypeId)?.name ?? '该题型'}需要 ${shortfall.wanted} 道，只找到 ${shortfall.found} 道`}
          />
        ))}
        {sections.map((section, index) => (
          <section key={section.questionTypeId} aria-label={section.name}>
            <Typography.Title level={5}>
              {CHINESE_NUMERALS[index] ?? index + 1}、{section.name}（{section.questions.length} 题）
            </Typography.Title>
            <Flex vertical gap={8}>
              {section.questions.map((question) => {
                number += 1;
                return (
                  <div key={question.quesId} className="qb-wisdom-question" data-number={number}>
                    <QuestionCard question={question} basketAction={renderActions(question)} />
                  </div>
                );
              })}
            </Flex>
          </section>
        ))}
      </Flex>
    </Card>
  );
}
