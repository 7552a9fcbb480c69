import { type LeasedPaper, markingApi, markingDeskApi, splitAnswerPhotos } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { call } from '../../../../lib/api-client.ts';
import { notifyWarning } from '../../../../lib/notify.ts';
import { PaperView } from '../components/paper-view.tsx';
import { ProblemDialog } from '../components/problem-dialog.tsx';
import { ProblemQueue } from '../components/problem-queue.tsx';
import { ReviewDrawer } from '../components/review-drawer.tsx';
import { ScorePanel } from '../components/score-panel.tsx';
import { useDeskProgress, useMyTasks } from '../desk-queries.ts';

/** The desk renews its lease while open (leases last 10 minutes). */
export const RENEW_MS = 3 * 60_000;

const KIND: Record<string, string> = { first: '一评', second: '二评', third: '三评', arbitration: '仲裁' };

interface Held {
  paper: LeasedPaper;
  url: string | null;
  photos: string[];
  shownAt: number;
}

/** /markDetail?blockId=…: the marking desk, keyboard first (marking.md "The marking desk"). */
export function DeskPage() {
  const [params] = useSearchParams();
  const blockId = params.get('blockId') ?? '';
  const client = useQueryClient();
  const tasks = useMyTasks();
  const task = tasks.data?.find((t) => t.blockId === blockId);
  const progress = useDeskProgress(blockId);
  const [held, setHeld] = useState<Held | null | undefined>(undefined);
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const heldRef = useRef<Held | null | undefined>(undefined);
  heldRef.current = held;

  const next = useCallback(async () => {
    const paper = await call(markingApi.claim, { blockId });
    if (!paper) {
      setHeld(null);
      return;
    }
    // A paper whose image cannot be had is still shown (and can be flagged 图像不清).
    const hasPhotos = splitAnswerPhotos(paper.text ?? '').photos.length > 0;
    const image =
      paper.imageKey || hasPhotos
        ? await call(markingDeskApi.paperImage, { blockId, paperId: paper.paperId, token: paper.token }).catch(() => ({
            url: null,
            photos: [] as string[],
          }))
        : { url: null, photos: [] as string[] };
    setValues({});
    setHeld({ paper, url: image.url, photos: image.photos, shownAt: Date.now() });
  }, [blockId]);

  useEffect(() => {
    if (blockId) next().catch(() => setHeld(null));
  }, [blockId, next]);

  // Renew while open; give the paper back on leave.
  useEffect(() => {
    const timer = setInterval(() => {
      const h = heldRef.current;
      if (h) void call(markingApi.renew, { blockId, paperId: h.paper.paperId, token: h.paper.token }, { silent: true });
    }, RENEW_MS);
    return () => {
      clearInterval(timer);
      const h = heldRef.current;
      if (h)
        void call(markingApi.release, { blockId, paperId: h.paper.paperId, token: h.paper.token }, { silent: true });
    };
  }, [blockId]);

  const refresh = () => client.invalidateQueries({ queryKey: ['markDesk'] });

  async function submit() {
    if (!held || busy) return;
    const { paper } = held;
    const missing = paper.questions.find((q) => (values[q.questionId] ?? '') === '');
    if (missing) {
      notifyWarning(`请给第 ${missing.questionNo} 题打分`);
      return;
    }
    const scores = Object.fromEntries(paper.questions.map((q) => [q.questionId, Number(values[q.questionId])]));
    const over = paper.questions.find((q) => (scores[q.questionId] ?? 0) > q.fullMarks);
    if (over) {
      notifyWarning(`第 ${over.questionNo} 题得分不能超过满分 ${over.fullMarks}`);
      return;
    }
    setBusy(true);
    try {
      const seconds = Math.round((Date.now() - held.shownAt) / 100) / 10;
      await call(markingApi.submit, { blockId, paperId: paper.paperId, token: paper.token, scores, seconds });
      await next();
      void refresh();
    } catch {
      // call() has shown the reason (a lost lease: claim the next one)
    } finally {
      setBusy(false);
    }
  }

  async function flag(reason: Parameters<typeof call<typeof markingDeskApi.flagProblem>>[1]['reason'], note: string) {
    if (!held) return;
    setBusy(true);
    try {
      await call(markingDeskApi.flagProblem, {
        blockId,
        paperId: held.paper.paperId,
        token: held.paper.token,
        reason,
        note,
      });
      setProblemOpen(false);
      await next();
      void refresh();
    } catch {
      // shown by call()
    } finally {
      setBusy(false);
    }
  }

  const desk = (
    <Row gutter={16}>
      <Col span={16}>
        <Card>
          {held === undefined ? <Typography.Text>正在领取试卷…</Typography.Text> : null}
          {held === null ? <Empty description="当前没有待评的试卷" /> : null}
          {held ? (
            <>
              <Space style={{ marginBottom: 8 }}>
                <Tag color={held.paper.kind === 'arbitration' ? 'red' : 'blue'}>{KIND[held.paper.kind]}</Tag>
                {held.paper.earlier ? (
                  <Typography.Text aria-label="此前评分">
                    此前评分：{held.paper.earlier.map((e) => Object.values(e).join('+')).join(' / ')}
                  </Typography.Text>
                ) : null}
              </Space>
              <PaperView key={held.paper.paperId} url={held.url} text={held.paper.text} photos={held.photos} />
            </>
          ) : null}
        </Card>
      </Col>
      <Col span={8}>
        <Card title="评分">
          {held ? (
            <ScorePanel
              paperId={held.paper.paperId}
              questions={held.paper.questions}
              step={1}
              values={values}
              onChange={setValues}
              onSubmit={() => void submit()}
              onKey={(k) => (k === 'P' ? setProblemOpen(true) : setReviewOpen(true))}
              busy={busy}
            />
          ) : null}
          <Space style={{ marginTop: 12 }}>
            <Button disabled={!held} onClick={() => setProblemOpen(true)}>
              问题卷（P）
            </Button>
            <Button onClick={() => setReviewOpen(true)}>回评（R）</Button>
          </Space>
        </Card>
      </Col>
    </Row>
  );

  return (
    <div style={{ padding: 16 }}>
      <PageHeader
        title={task ? `${task.examName} · ${task.blockName}` : '阅卷'}
        extra={
          <Space size="large">
            <Statistic title="我已评" value={progress.data?.done ?? 0} suffix={task?.quota ? `/ ${task.quota}` : ''} />
            <Statistic title="平均用时(秒)" value={progress.data?.averageSeconds ?? 0} />
            <Statistic title="题块进度" value={task ? `${task.blockDone}/${task.blockTotal}` : '-'} />
          </Space>
        }
      />
      {task?.leader ? (
        <Tabs
          items={[
            { key: 'mark', label: '评卷（含三评、仲裁）', children: desk },
            { key: 'problems', label: '问题卷', children: <ProblemQueue blockId={blockId} /> },
          ]}
        />
      ) : (
        desk
      )}
      <ProblemDialog open={problemOpen} busy={busy} onCancel={() => setProblemOpen(false)} onFlag={flag} />
      <ReviewDrawer blockId={blockId} open={reviewOpen} onClose={() => setReviewOpen(false)} />
    </div>
  );
}
