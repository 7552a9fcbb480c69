import {
  joinAnswerPhotos,
  type OnlineQuestion,
  onlineExamApi,
  type Sitting,
  splitAnswerPhotos,
} from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Checkbox, Flex, Input, Modal, Radio, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FormulaText } from '../../../components/formula-text.tsx';
import { call } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { AnswerPhotos } from '../components/answer-photos.tsx';
import { createLeaveCounter, watchLeaving } from '../leave-counter.ts';
import { onlineExamKeys } from '../queries.ts';
import { createSaveQueue, type SaveQueue } from '../save-queue.ts';

// Sitting an online exam (issue #18): full screen, the countdown from the server's clock (its `now`
// and the sitting's deadline, against this browser's clock only as an offset), the paper with
// KaTeX and pictures, the answer card (answered, unanswered, flagged) and every change saved
// within a second through the save queue. Leaving the page is reported to the teacher.

const LIST = '/student/student-exam-main/student-exam-list';

interface Held {
  answer: string;
  flagged: boolean;
}

function remainingText(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

export function OnlineSittingPage() {
  const { id = '' } = useParams();
  const sitting = useQuery({
    queryKey: ['online-exam', 'sitting', id],
    queryFn: () => call(onlineExamApi.startOnlineExam, { onlineExamId: id }) as Promise<Sitting>,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (sitting.error) {
    return <Alert type="error" showIcon title={`无法进入考试：${sitting.error.message}`} />;
  }
  if (!sitting.data) return <Spin />;
  return <SittingScreen sitting={sitting.data} />;
}

function SittingScreen({ sitting }: { sitting: Sitting }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const questions = useMemo(() => sitting.sections.flatMap((s) => s.questions), [sitting]);
  const storageKey = `online-exam:${readStoredUser()?.loginName ?? ''}:${sitting.onlineExamId}`;
  // Server time = this browser's time + offset, so the countdown survives a wrong local clock.
  const offset = useMemo(() => Date.parse(sitting.now) - Date.now(), [sitting.now]);
  const deadline = Date.parse(sitting.deadline);
  const [now, setNow] = useState(() => Date.now() + offset);
  const [held, setHeld] = useState<Record<string, Held>>({});
  const [waiting, setWaiting] = useState({ count: 0, failing: false });
  const [current, setCurrent] = useState(0);
  const [done, setDone] = useState(Boolean(sitting.submittedAt));
  const queue = useRef<SaveQueue | null>(null);

  useEffect(() => {
    const q = createSaveQueue(
      storageKey,
      (entry) =>
        call(onlineExamApi.saveOrUpdateESCI, { onlineExamId: sitting.onlineExamId, ...entry }, { silent: true }),
      { onState: (count, failing) => setWaiting({ count, failing }) },
    );
    q.know(Object.fromEntries(sitting.answers.map((a) => [a.questionId, a.version])));
    const start: Record<string, Held> = {};
    for (const a of sitting.answers) start[a.questionId] = { answer: a.answer, flagged: a.flagged };
    // Changes still queued from before the reload are newer than the server's copy.
    for (const p of q.pending()) start[p.questionId] = { answer: p.answer, flagged: p.flagged };
    setHeld(start);
    queue.current = q;
    return () => q.dispose();
  }, [sitting, storageKey]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now() + offset), 500);
    return () => clearInterval(t);
  }, [offset]);

  useEffect(() => {
    if (done) return;
    const counter = createLeaveCounter(() => {
      void call(onlineExamApi.leaveOnlineExam, { onlineExamId: sitting.onlineExamId }, { silent: true }).catch(
        () => undefined,
      );
    });
    return watchLeaving(counter);
  }, [done, sitting.onlineExamId]);

  const timeUp = now >= deadline;
  const change = useCallback((questionId: string, next: Partial<Held>) => {
    setHeld((prev) => {
      const merged = { answer: '', flagged: false, ...prev[questionId], ...next };
      queue.current?.change(questionId, merged.answer, merged.flagged);
      return { ...prev, [questionId]: merged };
    });
  }, []);

  const submit = async () => {
    const sent = await queue.current?.flush();
    if (sent === false) {
      notifyError('答案尚未全部保存', '网络连接中断，请恢复网络后再交卷，已作答内容已保存在本机。');
      return;
    }
    await call(onlineExamApi.submitOnlineExam, { onlineExamId: sitting.onlineExamId });
    setDone(true);
    notifySuccess('交卷成功');
    await queryClient.invalidateQueries({ queryKey: onlineExamKeys.all });
  };
  const [confirming, setConfirming] = useState(false);
  const unanswered = questions.filter((item) => !(held[item.questionId]?.answer ?? '').trim()).length;
  const answered = (q: OnlineQuestion) => Boolean((held[q.questionId]?.answer ?? '').trim());
  const q = questions[current];
  return (
    <div
      data-testid="online-sitting"
      style={{ position: 'fixed', inset: 0, zIndex: 1000, background: '#f5f7fa', overflow: 'auto', padding: 16 }}
    >
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {sitting.name}（{sitting.courseName}）
        </Typography.Title>
        <Flex gap={12} align="center">
          <Tag
            color={waiting.failing ? 'error' : waiting.count > 0 ? 'processing' : 'success'}
            data-testid="save-state"
          >
            {waiting.failing ? '网络中断，答案已存本机，恢复后自动上传' : waiting.count > 0 ? '保存中…' : '已保存'}
          </Tag>
          <Typography.Text strong style={{ fontSize: 20 }} data-testid="countdown">
            剩余 {remainingText(deadline - now)}
          </Typography.Text>
          <Button type="primary" disabled={done || timeUp} onClick={() => setConfirming(true)}>
            交卷
          </Button>
          <Button onClick={() => navigate(LIST)}>返回</Button>
        </Flex>
      </Flex>
      {/* In the page's tree (not a static Modal) so it sits above the full-screen layer and takes the app's settings. */}
      <Modal
        open={confirming}
        zIndex={1100}
        title="确认交卷"
        okText="确认交卷"
        cancelText="继续作答"
        onCancel={() => setConfirming(false)}
        onOk={async () => {
          setConfirming(false);
          await submit();
        }}
      >
        {unanswered > 0 ? `还有 ${unanswered} 题未作答，交卷后不能再修改。` : '交卷后不能再修改。'}
      </Modal>
      {done || timeUp ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={done ? '已交卷，成绩公布后可在“我的考试”查看' : '考试时间已到，系统已自动收卷'}
        />
      ) : null}
      <Flex gap={16} align="start">
        <Card style={{ flex: 1 }}>
          {q ? (
            <QuestionView
              onlineExamId={sitting.onlineExamId}
              question={q}
              held={held[q.questionId]}
              disabled={done || timeUp}
              onChange={(next) => change(q.questionId, next)}
            />
          ) : null}
          <Flex gap={8} style={{ marginTop: 16 }}>
            <Button disabled={current === 0} onClick={() => setCurrent(current - 1)}>
              上一题
            </Button>
            <Button disabled={current >= questions.length - 1} onClick={() => setCurrent(current + 1)}>
              下一题
            </Button>
          </Flex>
        </Card>
        <Card title="答题卡" style={{ width: 260 }}>
          <Flex wrap gap={6}>
            {questions.map((item, i) => (
              <Button
                key={item.questionId}
                size="small"
                aria-label={`第${item.no}题${answered(item) ? '已答' : '未答'}${held[item.questionId]?.flagged ? '已标记' : ''}`}
                type={i === current ? 'primary' : answered(item) ? 'default' : 'dashed'}
                danger={held[item.questionId]?.flagged}
                style={answered(item) && i !== current ? { background: '#e6f4ff' } : undefined}
                onClick={() => setCurrent(i)}
              >
                {item.no}
              </Button>
            ))}
          </Flex>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            已答 {questions.filter(answered).length} / {questions.length}，标记{' '}
            {questions.filter((item) => held[item.questionId]?.flagged).length}
          </Typography.Paragraph>
        </Card>
      </Flex>
    </div>
  );
}

function QuestionView({
  onlineExamId,
  question,
  held,
  disabled,
  onChange,
}: {
  onlineExamId: string;
  question: OnlineQuestion;
  held: Held | undefined;
  disabled: boolean;
  onChange: (next: Partial<Held>) => void;
}) {
  const answer = held?.answer ?? '';
  // A subjective answer holds its photo keys as [图片:key] lines after the typed text.
  const typed = splitAnswerPhotos(answer);
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between">
        <Typography.Text strong>
          第 {question.no} 题（{question.fullMark} 分）
        </Typography.Text>
        <Checkbox checked={held?.flagged ?? false} onChange={(e) => onChange({ flagged: e.target.checked })}>
          标记待查
        </Checkbox>
      </Flex>
      <FormulaText text={question.stem} block />
      {question.kind === 'single' || question.kind === 'judge' ? (
        <Radio.Group
          value={answer}
          disabled={disabled}
          onChange={(e) => onChange({ answer: e.target.value as string })}
        >
          <Flex vertical gap={8}>
            {question.options.map((o, i) => (
              <Radio key={o.key} value={o.key}>
                {question.kind === 'judge' ? o.text : `${String.fromCharCode(65 + i)}. `}
                {question.kind === 'judge' ? null : <FormulaText text={o.text} />}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
      ) : null}
      {question.kind === 'multiple' ? (
        <Checkbox.Group
          value={answer.split('')}
          disabled={disabled}
          onChange={(values) => onChange({ answer: [...(values as string[])].sort().join('') })}
        >
          <Flex vertical gap={8}>
            {question.options.map((o, i) => (
              <Checkbox key={o.key} value={o.key}>
                {`${String.fromCharCode(65 + i)}. `}
                <FormulaText text={o.text} />
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
      ) : null}
      {question.kind === 'text' ? (
        <>
          <Input.TextArea
            aria-label="作答"
            value={typed.text}
            disabled={disabled}
            autoSize={{ minRows: 4, maxRows: 16 }}
            maxLength={18000}
            onChange={(e) => onChange({ answer: joinAnswerPhotos(e.target.value, typed.photos) })}
          />
          <AnswerPhotos
            onlineExamId={onlineExamId}
            photos={typed.photos}
            disabled={disabled}
            onChange={(photos) => onChange({ answer: joinAnswerPhotos(typed.text, photos) })}
          />
        </>
      ) : null}
    </Flex>
  );
}
