import { markingApi, markingDeskApi } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Statistic, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../components/page-header.tsx';
import { call } from '../../../../lib/api-client.ts';
import { notifyWarning } from '../../../../lib/notify.ts';
import { PaperView } from '../components/paper-view.tsx';
import { ProblemDialog } from '../components/problem-dialog.tsx';
import { ProblemQueue } from '../components/problem-queue.tsx';
import { RefusedList } from '../components/refused-list.tsx';
import { ReviewDrawer } from '../components/review-drawer.tsx';
import { scoreProblem } from '../components/score-check.ts';
import { ScorePanel } from '../components/score-panel.tsx';
import { keepFocus, StandardAnswerPanel } from '../components/standard-answer-panel.tsx';
import { useDeskProgress, useMyTasks } from '../desk-queries.ts';
import { markShown, usePaperQueue } from '../paper-queue.ts';

const KIND: Record<string, string> = { first: '一评', second: '二评', third: '三评', arbitration: '仲裁' };

/** /markDetail?blockId=…: the marking desk, keyboard first (marking.md "The marking desk"). */
export function DeskPage() {
  const [params] = useSearchParams();
  const blockId = params.get('blockId') ?? '';
  const client = useQueryClient();
  const tasks = useMyTasks();
  const task = tasks.data?.find((t) => t.blockId === blockId);
  const progress = useDeskProgress(blockId);
  // The paper on screen and the two prefetched behind it (paper-queue.ts).
  const queue = usePaperQueue(blockId);
  const held = queue.current;
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [answerOpen, setAnswerOpen] = useState(false);
  const [valuesOf, setValuesOf] = useState<string | undefined>(undefined);
  // A new paper on screen starts with empty fields.
  if (held && held.paper.paperId !== valuesOf) {
    setValuesOf(held.paper.paperId);
    setValues({});
  }

  const refresh = () => client.invalidateQueries({ queryKey: ['markDesk'] });

  async function submit() {
    if (!held || busy) return;
    const { paper } = held;
    const problem = paper.questions.map((q) => scoreProblem(q, values[q.questionId] ?? '', paper.step)).find(Boolean);
    if (problem) {
      notifyWarning(problem);
      return;
    }
    const scores = Object.fromEntries(paper.questions.map((q) => [q.questionId, Number(values[q.questionId])]));
    const seconds = Math.round((Date.now() - held.shownAt) / 100) / 10;
    // The next paper shows at once; a refused submission is listed above the paper (RefusedList).
    queue.advance(async () => {
      await call(markingApi.submit, { blockId, paperId: paper.paperId, token: paper.token, scores, seconds });
      void refresh();
    });
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
      queue.advance(() => Promise.resolve());
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
          <RefusedList refused={queue.refused} onDismiss={queue.dismiss} />
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
              <PaperView
                key={held.paper.paperId}
                url={held.url}
                text={held.paper.text}
                photos={held.photos}
                onShown={() => markShown(held.paper.paperId)}
              />
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
              step={held.paper.step}
              values={values}
              onChange={setValues}
              onSubmit={() => void submit()}
              onKey={(k) =>
                k === 'A' ? setAnswerOpen((o) => !o) : k === 'P' ? setProblemOpen(true) : setReviewOpen(true)
              }
              busy={busy}
            />
          ) : null}
          <Space style={{ marginTop: 12 }}>
            <Button disabled={!held} onClick={() => setProblemOpen(true)}>
              问题卷（P）
            </Button>
            <Button onClick={() => setReviewOpen(true)}>回评（R）</Button>
            <Button onMouseDown={keepFocus} onClick={() => setAnswerOpen((o) => !o)}>
              标准答案（A）
            </Button>
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
      <ReviewDrawer
        blockId={blockId}
        open={reviewOpen}
        leader={task?.leader === true}
        onClose={() => setReviewOpen(false)}
      />
      <StandardAnswerPanel blockId={blockId} open={answerOpen} onClose={() => setAnswerOpen(false)} />
    </div>
  );
}
