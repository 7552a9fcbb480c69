import {
  type ExamQuestion,
  examsApi,
  MARK_DISTRIBUTIONS,
  type MarkBlock,
  type MarkDistribution,
  markingApi,
  markingSetupApi,
} from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { confirmDialog, notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { QualityShareFields } from '../quality/quality-share-fields.tsx';
import { BlockMarkers } from './block-markers.tsx';
import { setupQueries, useSetupWrite } from './setup-queries.ts';
import { StandardAnswers } from './standard-answers.tsx';
import { TempUsers } from './temp-users.tsx';

// 阅卷设置 (issue #17, marking.md "Objects", "Distribution"), a tab of 试卷制作: the single exam's
// 题块 proposed from its subjective questions (one each; merge by putting several in one 题块,
// split back), per 题块 its mode, tolerance, step, 双评比例, distribution and daily cap, its markers
// and 题组长, and 开始阅卷 / 暂停 / 结束; then 合成成绩 for the subject. The server keeps every rule.

const STATUS: Record<number, { label: string; color: string }> = {
  1: { label: '未开始', color: 'default' },
  2: { label: '阅卷中', color: 'processing' },
  3: { label: '已暂停', color: 'warning' },
  4: { label: '已结束', color: 'success' },
};
const DISTRIBUTION_LABEL: Record<MarkDistribution, string> = {
  even: '平均分配',
  'by-class': '按班级',
  free: '自由领取',
  quota: '手设定额',
};

interface Draft {
  id?: string;
  key: string;
  name: string;
  questionIds: string[];
  mode: 'single' | 'double';
  tolerance: number;
  step: 1 | 0.5;
  doubleSharePercent: number;
  distribution: MarkDistribution;
  dailyCap: number | null;
  selfCheckPercent: number;
  seededPercent: number;
  version?: number;
}

let drafted = 0;
const draftOf = (b: MarkBlock): Draft => ({
  id: b.id,
  key: b.id,
  name: b.name,
  questionIds: b.questions.map((q) => q.questionId),
  mode: b.mode,
  tolerance: b.tolerance,
  step: b.step === 0.5 ? 0.5 : 1,
  doubleSharePercent: b.doubleSharePercent,
  distribution: b.distribution,
  dailyCap: b.dailyCap,
  selfCheckPercent: b.selfCheckPercent,
  seededPercent: b.seededPercent,
  version: b.version,
});
/** A new 题块 for these questions: 双评 from 8 points (marking.md), tolerance a tenth of the marks. */
const proposed = (questions: ExamQuestion[]): Draft => {
  const full = questions.reduce((sum, q) => sum + q.fullMark, 0);
  return {
    key: `new-${++drafted}`,
    name: `第${questions.map((q) => q.questionNo).join('、')}题`,
    questionIds: questions.map((q) => q.questionId),
    mode: full >= 8 ? 'double' : 'single',
    tolerance: Math.max(1, Math.round(full / 10)),
    step: 1,
    doubleSharePercent: 100,
    distribution: 'free',
    dailyCap: null,
    // marking.md "Quality": 2 % of a marker's papers come back (回评抽检); 标准卷 at the same rate.
    selfCheckPercent: 2,
    seededPercent: 2,
  };
};

export function MarkSetupTab({ seId, meId }: { seId: string; meId: string }) {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const blocks = useQuery(setupQueries.blocks(seId));
  const structure = useQuery({
    queryKey: ['marking', 'setup', seId, 'questions'],
    queryFn: ({ signal }) =>
      call(examsApi.findExamQuestionAndGroup, { schoolId, seId }, { signal }) as Promise<{ questions: ExamQuestion[] }>,
  });
  const subjective = (structure.data?.questions ?? []).filter((q) => q.kind === 2);
  const [drafts, setDrafts] = useState<Draft[] | null>(null);
  useEffect(() => {
    if (blocks.data) setDrafts(blocks.data.map(draftOf));
  }, [blocks.data]);
  const save = useSetupWrite(seId, (list: Draft[]) =>
    call(markingApi.saveBlocks, { seId, blocks: list.map(({ key: _key, ...d }) => d) }),
  );
  const status = useSetupWrite(seId, (p: { blockId: string; action: 'start' | 'pause' | 'finish' }) =>
    call(markingApi.setBlockStatus, p),
  );
  const sync = useSetupWrite(seId, (blockId: string) => call(markingSetupApi.syncPapers, { blockId }));
  const merge = useSetupWrite(seId, () => call(markingSetupApi.mergeScores, { seId }));

  if (blocks.isLoading || structure.isLoading || !drafts) return <Card loading />;
  if (subjective.length === 0) return <Alert type="info" showIcon title="该科目没有主观题，不需要网上阅卷" />;
  const saved = new Map((blocks.data ?? []).map((b) => [b.id, b]));
  const used = new Set(drafts.flatMap((d) => d.questionIds));
  const free = subjective.filter((q) => !used.has(q.questionId));
  const byId = new Map(subjective.map((q) => [q.questionId, q]));
  const edit = (key: string, change: Partial<Draft>) =>
    setDrafts(drafts.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const dirty =
    JSON.stringify(drafts.map(({ key: _k, ...d }) => d)) !==
    JSON.stringify((blocks.data ?? []).map(draftOf).map(({ key: _k, ...d }) => d));

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">
          主观题 {subjective.length} 道，已分入题块 {subjective.length - free.length}{' '}
          道。每道题只能在一个题块中；多道题合成一个题块时一起评。
        </Typography.Text>
        <Space wrap>
          <Button
            disabled={free.length === 0}
            onClick={() => setDrafts([...drafts, ...free.map((q) => proposed([q]))])}
          >
            按题目生成题块
          </Button>
          <Button disabled={free.length === 0} onClick={() => setDrafts([...drafts, proposed(free)])}>
            未分题目合为一个题块
          </Button>
          <Button
            type="primary"
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate(drafts, { onSuccess: () => notifySuccess('题块设置已保存') })}
          >
            保存题块设置
          </Button>
          <Button
            onClick={() =>
              confirmDialog({
                title: '合成成绩',
                content: '将各题块的最终得分与客观题成绩一起写入考试成绩，成绩分析随之更新。',
                onOk: () =>
                  merge
                    .mutateAsync(undefined)
                    .then((r) => notifySuccess('成绩已合成', `${r.students} 名考生，更新 ${r.changedScores} 项成绩`)),
              })
            }
          >
            合成成绩
          </Button>
        </Space>
      </Flex>
      {drafts.length === 0 ? <Alert type="info" showIcon title="还没有题块，请点击“按题目生成题块”" /> : null}
      {drafts.map((d) => {
        const stored = d.id ? saved.get(d.id) : undefined;
        const started = (stored?.status ?? 1) !== 1;
        const state = STATUS[stored?.status ?? 1]!;
        return (
          <div key={d.key} data-testid={`mark-block-${d.name}`}>
            <Card
              size="small"
              title={
                <Space>
                  <Input
                    aria-label="题块名称"
                    value={d.name}
                    style={{ width: 200 }}
                    onChange={(e) => edit(d.key, { name: e.target.value })}
                  />
                  <Tag color={state.color}>{state.label}</Tag>
                  {stored ? (
                    <Typography.Text type="secondary">试卷 {stored.paperCount} 份</Typography.Text>
                  ) : (
                    <Tag>未保存</Tag>
                  )}
                </Space>
              }
              extra={
                stored ? (
                  <Space>
                    {stored.status === 1 || stored.status === 3 ? (
                      <Button
                        type="primary"
                        disabled={dirty}
                        onClick={() =>
                          status.mutate(
                            { blockId: stored.id, action: 'start' },
                            { onSuccess: () => notifySuccess('已开始阅卷') },
                          )
                        }
                      >
                        开始阅卷
                      </Button>
                    ) : null}
                    {stored.status === 2 ? (
                      <Button onClick={() => status.mutate({ blockId: stored.id, action: 'pause' })}>暂停</Button>
                    ) : null}
                    {stored.status === 2 || stored.status === 3 ? (
                      <>
                        <Button
                          onClick={() =>
                            sync.mutate(stored.id, {
                              onSuccess: (r) => notifySuccess('试卷已同步', `新增 ${r.added} 份，共 ${r.total} 份`),
                            })
                          }
                        >
                          同步试卷
                        </Button>
                        <Button
                          danger
                          onClick={() =>
                            status.mutate(
                              { blockId: stored.id, action: 'finish' },
                              { onSuccess: () => notifySuccess('题块已结束阅卷') },
                            )
                          }
                        >
                          结束
                        </Button>
                      </>
                    ) : null}
                  </Space>
                ) : (
                  <Button onClick={() => setDrafts(drafts.filter((x) => x.key !== d.key))}>移除</Button>
                )
              }
            >
              <Flex wrap gap={12} align="center">
                <Select
                  aria-label="题目"
                  mode="multiple"
                  disabled={started}
                  style={{ minWidth: 220 }}
                  value={d.questionIds}
                  onChange={(ids: string[]) => edit(d.key, { questionIds: ids })}
                  options={subjective
                    .filter((q) => !used.has(q.questionId) || d.questionIds.includes(q.questionId))
                    .map((q) => ({ value: q.questionId, label: `第${q.questionNo}题（${q.fullMark}分）` }))}
                />
                {d.questionIds.length > 1 && !started ? (
                  <Button
                    size="small"
                    onClick={() =>
                      setDrafts(
                        drafts.flatMap((x) =>
                          x.key === d.key ? d.questionIds.map((id) => proposed([byId.get(id)!])) : [x],
                        ),
                      )
                    }
                  >
                    拆分
                  </Button>
                ) : null}
                <Select
                  aria-label="评卷方式"
                  disabled={started}
                  value={d.mode}
                  onChange={(mode) => edit(d.key, { mode })}
                  options={[
                    { value: 'single', label: '单评' },
                    { value: 'double', label: '双评' },
                  ]}
                />
                <Space>
                  误差阈值
                  <InputNumber
                    aria-label="误差阈值"
                    min={0}
                    value={d.tolerance}
                    onChange={(v) => edit(d.key, { tolerance: v ?? 0 })}
                  />
                </Space>
                <Space>
                  步长
                  <Select
                    aria-label="步长"
                    disabled={started}
                    value={d.step}
                    onChange={(step) => edit(d.key, { step })}
                    options={[
                      { value: 1, label: '1 分' },
                      { value: 0.5, label: '0.5 分' },
                    ]}
                  />
                </Space>
                {d.mode === 'double' ? (
                  <Space>
                    双评比例
                    <InputNumber
                      aria-label="双评比例"
                      disabled={started}
                      min={0}
                      max={100}
                      suffix="%"
                      value={d.doubleSharePercent}
                      onChange={(v) => edit(d.key, { doubleSharePercent: v ?? 100 })}
                    />
                  </Space>
                ) : null}
                <Space>
                  分配
                  <Select
                    aria-label="分配方式"
                    value={d.distribution}
                    onChange={(distribution) => edit(d.key, { distribution })}
                    options={MARK_DISTRIBUTIONS.map((v) => ({ value: v, label: DISTRIBUTION_LABEL[v] }))}
                  />
                </Space>
                <Space>
                  每日上限
                  <InputNumber
                    aria-label="每日上限"
                    min={1}
                    placeholder="不限"
                    value={d.dailyCap}
                    onChange={(v) => edit(d.key, { dailyCap: v ?? null })}
                  />
                </Space>
                <QualityShareFields
                  selfCheckPercent={d.selfCheckPercent}
                  seededPercent={d.seededPercent}
                  onChange={(values) => edit(d.key, values)}
                />
              </Flex>
              {stored ? (
                <BlockMarkers seId={seId} block={stored} />
              ) : (
                <Typography.Text type="secondary">保存后设置阅卷教师</Typography.Text>
              )}
            </Card>
          </div>
        );
      })}
      <StandardAnswers seId={seId} />
      <TempUsers meId={meId} blocks={blocks.data ?? []} />
    </Flex>
  );
}
