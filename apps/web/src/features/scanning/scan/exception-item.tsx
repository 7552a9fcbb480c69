import { scanningScansApi as api, type RecognizeException } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Flex, Input, Radio, Space, Tag, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { duplicateCandidates, initialChoice, type ResolveChoice, resolutionOf } from './exception-resolution.ts';
import { PageImage } from './page-image.tsx';
import { scanQueries, useResolveException, useScanContext } from './scan-queries.ts';

// One exception on the resolve screen: the page as scanned beside what recognition read, the one
// correction its kind takes (考号, the letters, which sheet to keep, 缺考 or not) and 确认. Enter
// anywhere in the item confirms; the queue then shows the next one.

export function ExceptionItem({
  seId,
  exception,
  position,
}: {
  seId: string;
  exception: RecognizeException;
  position: string;
}) {
  const { schoolId } = useScanContext();
  const resolve = useResolveException(seId);
  const [choice, setChoice] = useState<ResolveChoice>(() => initialChoice(exception));
  const [problem, setProblem] = useState<string | null>(null);
  const set = (change: Partial<ResolveChoice>) => {
    setChoice((c) => ({ ...c, ...change }));
    setProblem(null);
  };
  const open = exception.status === 0;

  const confirm = () => {
    if (!open || resolve.isPending) return;
    const outcome = resolutionOf(exception, choice);
    if ('problem' in outcome) setProblem(outcome.problem);
    else resolve.mutate({ exceptionId: exception.exceptionId, resolution: outcome.resolution });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      confirm();
    }
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter anywhere in the item confirms it (keyboard flow)
    <section onKeyDown={onKeyDown} aria-label="异常处理">
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Space>
          <Tag color={open ? 'volcano' : 'green'}>{open ? '待处理' : '已处理'}</Tag>
          <Typography.Text strong>{exception.detail}</Typography.Text>
        </Space>
        <Typography.Text type="secondary">{position}</Typography.Text>
      </Flex>
      <Flex gap={16} align="flex-start" wrap>
        <div style={{ flex: '1 1 420px', minWidth: 320 }}>
          <Images
            exception={exception}
            choice={choice}
            onKeep={(no, pageId) => set({ keep: { ...choice.keep, [no]: pageId } })}
          />
        </div>
        <Flex vertical gap={12} style={{ flex: '0 1 360px', minWidth: 280 }}>
          {exception.pageId ? <ReadValues schoolId={schoolId} pageId={exception.pageId} exception={exception} /> : null}
          {exception.studentName ? (
            <Descriptions
              size="small"
              column={1}
              bordered
              items={[
                { key: 's', label: '考生', children: `${exception.studentName}（${exception.examNo ?? '无考号'}）` },
              ]}
            />
          ) : null}
          {open ? (
            <>
              <Correction exception={exception} choice={choice} set={set} />
              {problem ? <Alert type="warning" showIcon title={problem} /> : null}
              <Button type="primary" onClick={confirm} loading={resolve.isPending}>
                确认（Enter）
              </Button>
            </>
          ) : (
            <Alert
              type="success"
              showIcon
              title={`${exception.resolvedByName ?? ''} 已处理`}
              description={JSON.stringify(exception.resolution)}
            />
          )}
        </Flex>
      </Flex>
    </section>
  );
}

function Images({
  exception,
  choice,
  onKeep,
}: {
  exception: RecognizeException;
  choice: ResolveChoice;
  onKeep: (pageNo: string, pageId: string) => void;
}) {
  if (exception.kind === 5) {
    return (
      <Flex vertical gap={12}>
        {duplicateCandidates(exception).map(([no, pageIds]) => (
          <div key={no}>
            <Typography.Text strong>第 {no} 页：选择保留的一张</Typography.Text>
            <Radio.Group value={choice.keep[no]} onChange={(e) => onKeep(no, e.target.value)} style={{ width: '100%' }}>
              <Flex gap={8}>
                {pageIds.map((pageId, i) => (
                  <Flex key={pageId} vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
                    <Radio value={pageId}>
                      保留第 {i + 1} 张（扫描页 {pageId}）
                    </Radio>
                    <PageImage pageId={pageId} label={`第${no}页第${i + 1}张`} maxHeight={420} />
                  </Flex>
                ))}
              </Flex>
            </Radio.Group>
          </div>
        ))}
      </Flex>
    );
  }
  if (exception.pageId) return <PageImage pageId={exception.pageId} label="扫描页" />;
  return <StudentPages exception={exception} />;
}

/** For an exception about a student rather than a page (缺页, 缺考但有作答): the pages that did arrive. */
function StudentPages({ exception }: { exception: RecognizeException }) {
  const { schoolId } = useScanContext();
  const card = useQuery({
    queryKey: ['scan-student-card', schoolId, exception.seId, exception.studentId],
    queryFn: ({ signal }) =>
      call(
        api.findExamStudentCard,
        { schoolId, seId: exception.seId, studentId: exception.studentId ?? '' },
        { signal },
      ),
    enabled: exception.studentId !== null,
  });
  const pages = (card.data?.pages ?? []).filter((p) => !p.discarded);
  if (pages.length === 0) return <Typography.Text type="secondary">没有收到这名考生的页面</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {pages.map((p) => (
        <div key={p.pageId}>
          <Typography.Text type="secondary">第 {p.pageNo ?? '?'} 页</Typography.Text>
          <PageImage pageId={p.pageId} label={`第${p.pageNo ?? ''}页`} maxHeight={420} />
        </div>
      ))}
    </Flex>
  );
}

function ReadValues({
  schoolId,
  pageId,
  exception,
}: {
  schoolId: string;
  pageId: string;
  exception: RecognizeException;
}) {
  const page = useQuery(scanQueries.page(schoolId, pageId));
  if (!page.data) return null;
  const p = page.data;
  const question = exception.questionNo ? p.questions.find((q) => q.questionNo === exception.questionNo) : undefined;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      aria-label="识别结果"
      items={[
        { key: 'file', label: '文件', children: `${p.fileName}${p.pageIndex ? ` 第${p.pageIndex + 1}页` : ''}` },
        {
          key: 'page',
          label: '答题卡页',
          children: p.pageNo ? `第 ${p.pageNo} 页${p.turned ? '（倒放，已转正）' : ''}` : '—',
        },
        { key: 'no', label: '识别考号', children: p.examNoRead ?? '无法识别' },
        { key: 'student', label: '考生', children: p.studentName ?? '—' },
        { key: 'absent', label: '缺考标记', children: p.absentMarked ? '已填涂' : '无' },
        ...(question
          ? [
              {
                key: 'q',
                label: `第${question.questionNo}题`,
                children: (
                  <Space wrap size={4}>
                    {question.ratios.map((ratio, i) => {
                      const letter = String.fromCharCode(65 + i);
                      return (
                        <Tag key={letter} color={ratio >= 0.5 ? 'blue' : ratio >= 0.25 ? 'gold' : undefined}>
                          {letter} {Math.round(ratio * 100)}%
                        </Tag>
                      );
                    })}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

function Correction({
  exception,
  choice,
  set,
}: {
  exception: RecognizeException;
  choice: ResolveChoice;
  set: (change: Partial<ResolveChoice>) => void;
}) {
  switch (exception.kind) {
    case 1:
    case 2:
      return <Typography.Text>确认后此页作废（不计入成绩）；需要时重新扫描并上传。</Typography.Text>;
    case 3:
    case 4:
      return (
        <Flex vertical gap={8}>
          <Input
            aria-label="考号"
            placeholder="输入正确的考号"
            autoFocus
            inputMode="numeric"
            value={choice.examNo}
            disabled={choice.discard}
            onChange={(e) => set({ examNo: e.target.value })}
          />
          <Checkbox checked={choice.discard} onChange={(e) => set({ discard: e.target.checked })}>
            作废此页
          </Checkbox>
        </Flex>
      );
    case 5:
      return <Typography.Text>在左侧为每个重复的页选择保留的一张，其余作废。</Typography.Text>;
    case 6:
      return <Typography.Text>确认后缺少的页按未作答计；若找到该页，直接扫描上传即可。</Typography.Text>;
    case 7:
      return (
        <Input
          aria-label="选项"
          placeholder="正确的选项，如 B；未作答留空"
          autoFocus
          value={choice.answer}
          onChange={(e) => set({ answer: e.target.value.toUpperCase() })}
        />
      );
    case 8:
      return (
        <Radio.Group value={choice.absent} onChange={(e) => set({ absent: e.target.value })}>
          <Space direction="vertical">
            <Radio value={true}>按缺考处理（不计分）</Radio>
            <Radio value={false}>不是缺考，按作答计分</Radio>
          </Space>
        </Radio.Group>
      );
    default:
      return null;
  }
}
