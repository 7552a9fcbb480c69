import type { MultiExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Steps, Tag } from 'antd';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { useExamContext } from '../exam-context.ts';
import { EXAM_STATUS_COLORS, examStatusName } from '../exam-labels.ts';
import { examQueries } from '../queries.ts';
import { ExamInfoStep } from './exam-info-step.tsx';
import { ExamScoresStep } from './exam-scores-step.tsx';
import { ExamStudentsStep } from './exam-students-step.tsx';
import { ExamSubjectsStep } from './exam-subjects-step.tsx';
import { QuestionStructureStep } from './question-structure-step.tsx';

export const EXAM_STEPS = ['考试信息', '考试科目', '考生', '题目结构与答案', '成绩'] as const;

export interface ExamEditorProps {
  /** '' while creating. */
  meId: string;
  step: number;
  onStep: (step: number, meId?: string) => void;
  onClose: () => void;
}

/** The step-by-step creation and editing of an exam (issue #4 item 7). */
export function ExamEditor({ meId, step, onStep, onClose }: ExamEditorProps) {
  const { schoolId, canEdit } = useExamContext();
  const { years, loading } = useCurrentSelection();
  const query = useQuery(examQueries.exam(schoolId, meId));
  const exam = query.data ?? null;
  // Structure and settings change only before 完成 (the server refuses it after).
  const editable = canEdit && (exam === null || exam.status < 3);
  const current = meId ? Math.min(Math.max(step, 0), EXAM_STEPS.length - 1) : 0;

  const header = (
    <PageHeader
      title={exam ? exam.name : '新建考试'}
      description={
        exam ? (
          <>
            {exam.schoolYearName} {exam.termName} · {exam.gradeName}{' '}
            <Tag color={EXAM_STATUS_COLORS[exam.status]}>{examStatusName(exam.status)}</Tag>
          </>
        ) : (
          '先填写考试信息，保存后再添加科目、考生、题目和成绩'
        )
      }
      extra={<Button onClick={onClose}>返回考试列表</Button>}
    />
  );

  if ((meId && !exam) || loading || years.length === 0) {
    return (
      <Flex vertical>
        {header}
        {query.error ? <Alert type="error" showIcon title={`考试加载失败：${query.error.message}`} /> : null}
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16}>
      {header}
      <Steps
        current={current}
        onChange={(next) => meId && onStep(next)}
        items={EXAM_STEPS.map((title, index) => ({ title, disabled: !meId && index > 0 }))}
      />
      {exam && exam.status >= 3 ? (
        <Alert
          type="info"
          showIcon
          title="考试已完成并锁定，以下内容只可查看；如需修改，请先在考试列表中“撤销完成”。"
        />
      ) : null}
      {!canEdit ? (
        <Alert type="info" showIcon title="考试由教务管理员设置；您可以查看，并在考试进行中录入本人任教班级的成绩。" />
      ) : null}
      <StepContent exam={exam} step={current} editable={editable} onStep={onStep} />
      {exam ? (
        <Flex gap={8}>
          <Button disabled={current === 0} onClick={() => onStep(current - 1)}>
            上一步
          </Button>
          <Button disabled={current === EXAM_STEPS.length - 1} onClick={() => onStep(current + 1)}>
            下一步
          </Button>
        </Flex>
      ) : null}
    </Flex>
  );
}

interface StepContentProps {
  exam: MultiExam | null;
  step: number;
  editable: boolean;
  onStep: (step: number, meId?: string) => void;
}

function StepContent({ exam, step, editable, onStep }: StepContentProps) {
  if (step === 0 || !exam) {
    return (
      <ExamInfoStep
        key={exam?.meId ?? 'new'}
        exam={exam}
        editable={editable}
        onSaved={(saved) => onStep(1, saved.meId)}
      />
    );
  }
  if (step === 1) return <ExamSubjectsStep exam={exam} editable={editable} />;
  if (step === 2) return <ExamStudentsStep exam={exam} editable={editable} />;
  if (step === 3) return <QuestionStructureStep exam={exam} editable={editable} />;
  return <ExamScoresStep exam={exam} />;
}
