import { ReloadOutlined } from '@ant-design/icons';
import { analysisApi, type ReportStatus } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Progress, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { analysisKeys, analysisQueries } from '../queries.ts';

/** Report computation states (analysis-models.ts ReportStatus). */
export const REPORT_STATUS = { none: 0, queued: 1, running: 2, done: 3, failed: 4 } as const;

export const isComputing = (status: ReportStatus) =>
  status.status === REPORT_STATUS.queued || status.status === REPORT_STATUS.running;

/** Whether stored results exist to show (a failed or running recomputation keeps the previous ones). */
export const hasResults = (status: ReportStatus) => status.computedAt !== null;

export interface ReportStatusGateProps {
  schoolId: string;
  meId: string;
  /** The status the exam list answered with; polled every 2 s while computing. */
  initial: ReportStatus;
  /** Type 5 may start a recomputation. */
  canRecompute: boolean;
  children: ReactNode;
}

/**
 * The report's state around the page: while the first computation runs, its progress; when it
 * failed, the reason (and 重新计算 for administrators); with no report yet, why. When results exist
 * they show, with a note while a newer computation runs or after one failed.
 */
export function ReportStatusGate({ schoolId, meId, initial, canRecompute, children }: ReportStatusGateProps) {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<ReportStatus | null>(null);
  const [polling, setPolling] = useState(isComputing(initial));
  const polled = useQuery(analysisQueries.status(schoolId, meId, polling));
  const status = polled.data ?? asked ?? initial;
  const computing = isComputing(status);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new exam starts from its own status
  useEffect(() => {
    setAsked(null);
    setPolling(isComputing(initial));
  }, [meId]);

  // The computation finished: stop polling and reload the exam's reports (and the exam lists' status).
  const wasComputing = useRef(computing);
  useEffect(() => {
    if (wasComputing.current && !computing) {
      setPolling(false);
      void queryClient.invalidateQueries({ queryKey: analysisKeys.exam(schoolId, meId) });
      void queryClient.invalidateQueries({ queryKey: [...analysisKeys.all(schoolId), 'exams'] });
    }
    if (computing) setPolling(true);
    wasComputing.current = computing;
  }, [computing, queryClient, schoolId, meId]);

  async function recompute() {
    const next = await call(analysisApi.recomputeReports, { schoolId, meId });
    queryClient.setQueryData(analysisKeys.status(schoolId, meId), next);
    setAsked(next);
    setPolling(true);
    notifySuccess('已开始重新计算');
  }

  const recomputeButton = canRecompute ? (
    <Button icon={<ReloadOutlined />} onClick={() => void recompute().catch(() => undefined)}>
      重新计算
    </Button>
  ) : null;

  if (!hasResults(status)) {
    if (computing) return <ComputingCard status={status} />;
    if (status.status === REPORT_STATUS.failed) {
      return (
        <Alert
          type="error"
          showIcon
          title="报告计算失败"
          description={status.error ?? status.message}
          action={recomputeButton}
        />
      );
    }
    return (
      <Card>
        <Empty
          description={
            <Flex vertical gap={4} align="center">
              <Typography.Text>该考试还没有分析报告</Typography.Text>
              <Typography.Text type="secondary">
                考试成绩确认（已完成）或发布后，系统会自动计算分析报告。
              </Typography.Text>
            </Flex>
          }
        >
          {recomputeButton}
        </Empty>
      </Card>
    );
  }

  return (
    <>
      {computing ? (
        <Alert
          className="analysis-no-print"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="正在重新计算报告，当前显示的是上次计算的结果"
          description={<Progress percent={Math.round(status.progress)} status="active" size="small" />}
        />
      ) : null}
      {status.status === REPORT_STATUS.failed ? (
        <Alert
          className="analysis-no-print"
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="最近一次重新计算失败，当前显示的是上次计算的结果"
          description={status.error ?? status.message}
          action={recomputeButton}
        />
      ) : null}
      {!computing && status.stale && status.status !== REPORT_STATUS.failed ? (
        <Alert
          className="analysis-no-print"
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="成绩已有修改，报告将自动重新计算"
          action={recomputeButton}
        />
      ) : null}
      {children}
    </>
  );
}

function ComputingCard({ status }: { status: ReportStatus }) {
  return (
    <Card>
      <Flex vertical gap={8} style={{ maxWidth: 480, margin: '24px auto' }} role="status">
        <Typography.Text strong>
          {status.status === REPORT_STATUS.queued ? '报告排队等待计算' : '正在计算分析报告'}
        </Typography.Text>
        <Progress percent={Math.round(status.progress)} status="active" />
        <Typography.Text type="secondary">{status.message}</Typography.Text>
      </Flex>
    </Card>
  );
}
