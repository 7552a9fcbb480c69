import { Alert, Button, Card, Empty, Flex, Select, Statistic } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useMarkerQuality } from '../../quality/quality-queries.ts';
import { SeededPapersCard } from '../../quality/seeded-papers-card.tsx';
import { DistributionChart, distributionOption } from '../components/distribution-chart.tsx';
import { ExamPicker } from '../components/exam-picker.tsx';
import { MarkerTable } from '../components/marker-table.tsx';
import { finishText, points } from '../components/monitor-format.ts';
import { SettingsForm } from '../components/settings-form.tsx';
import { useBlockDetails, useExamSummary } from '../monitor-queries.ts';

/** 题目监控: one 题块's progress, per-marker figures, distribution and drift alerts, live. */
export function QuesMonitorPage() {
  const [params, setParams] = useSearchParams();
  const meId = params.get('meId') ?? undefined;
  const blockId = params.get('blockId') ?? undefined;
  const exam = useExamSummary(blockId === undefined ? meId : undefined);
  const details = useBlockDetails(blockId);
  const quality = useMarkerQuality(blockId);
  const [picked, setPicked] = useState<string>();
  const d = details.data;
  const chosen = picked ?? d?.markers.find((m) => m.count > 0)?.userId;
  const chosenName = d?.markers.find((m) => m.userId === chosen)?.name ?? '';
  const option = useMemo(
    () => (d ? distributionOption(d.distribution, chosen, chosenName) : undefined),
    [d, chosen, chosenName],
  );
  const alerted = d?.markers.filter((m) => m.alerts.length > 0) ?? [];
  return (
    <>
      <PageHeader
        title="题目监控"
        extra={
          <>
            <ExamPicker value={meId} onChange={(id) => setParams({ meId: id })} />
            <Select
              aria-label="选择题块"
              placeholder="选择题块"
              style={{ minWidth: 200 }}
              value={blockId}
              onChange={(id: string) => setParams({ ...(meId ? { meId } : {}), blockId: id })}
              options={(exam.data ?? []).flatMap((s) =>
                s.blocks.map((b) => ({ value: b.blockId, label: `${s.courseName} · ${b.blockName}` })),
              )}
            />
          </>
        }
      />
      {blockId === undefined ? <Empty description="请选择题块" /> : null}
      {d ? (
        <Flex vertical gap={16}>
          <Card title={d.progress.blockName} extra={<Link to={`/markCensorInfo?blockId=${blockId}`}>抽查</Link>}>
            <Flex gap={32} wrap>
              <Statistic title="试卷" value={d.progress.papers} />
              <Statistic title="已评完" value={d.progress.final} />
              <Statistic title="待一评" value={d.progress.needsFirst} />
              <Statistic title="待二评" value={d.progress.needsSecond} />
              <Statistic title="三评" value={d.progress.needsThird} />
              <Statistic title="仲裁" value={d.progress.needsArbitration} />
              <Statistic title="问题卷" value={d.progress.openProblems} />
              <Statistic title="剩余评分" value={d.progress.remainingMarks} />
              <Statistic title="速度(份/时)" value={d.progress.ratePerHour} />
              <Statistic title="预计完成" value={finishText(d.progress.predictedFinish, d.progress.remainingMarks)} />
              <Statistic title="题块均分" value={points(d.groupMean)} />
              <Statistic title="已抽查" value={`${d.spotChecks.done} / ${d.spotChecks.quota}`} />
            </Flex>
          </Card>
          {alerted.map((m) => (
            <Alert
              key={m.userId}
              type="warning"
              showIcon
              message={`${m.name}：近${'50'}份${m.alerts.includes('mean') ? `均分 ${points(m.recentMean)} 偏离题块均分 ${points(d.groupMean)}` : ''}${m.alerts.length === 2 ? '，' : ''}${m.alerts.includes('agreement') ? `一致率 ${Math.round((m.recentAgreement ?? 0) * 100)}% 偏低` : ''}`}
              action={
                <Button size="small" onClick={() => setPicked(m.userId)}>
                  查看分布
                </Button>
              }
            />
          ))}
          <Card title="阅卷教师">
            <MarkerTable blockId={blockId!} markers={d.markers} quality={quality.data} onPick={setPicked} />
          </Card>
          <Card title={`得分分布：${chosenName || '题块'} 与题块对比`}>
            {option ? <DistributionChart option={option} /> : null}
          </Card>
          <SeededPapersCard blockId={blockId!} />
          <Card title="监控设置">
            <SettingsForm key={JSON.stringify(d.settings)} blockId={blockId!} settings={d.settings} />
          </Card>
        </Flex>
      ) : null}
    </>
  );
}
