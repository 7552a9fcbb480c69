import { examsApi, type ScoreInput, type SingleExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, List, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { ExportButton } from '../../../components/export-button.tsx';
import { ApiError, callFile } from '../../../lib/api-client.ts';
import { confirmDialog, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { canEnterScores, useExamContext, useTaughtClasses } from '../exam-context.ts';
import { useExamStatus, useFinaliseExam, useSaveScores } from '../mutations.ts';
import { examQueries } from '../queries.ts';
import { gridColumnsOf } from '../score-grid-model.ts';
import { type ExamWithScope, readableSubjects, readsClass, readsTotal } from '../score-reading.ts';
import { ScoreGrid } from './score-grid.tsx';
import { ScoreImportButton } from './score-import-button.tsx';
import { chosenSubject, SubjectTabs } from './subject-tabs.tsx';

/** The problems of a refused 完成考试 (its `data.problems`), or null for any other failure. */
export function finaliseProblems(error: unknown): string[] | null {
  if (!(error instanceof ApiError)) return null;
  const problems = (error.data as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) && problems.length > 0 && problems.every((p) => typeof p === 'string')
    ? problems
    : null;
}

export interface ExamScoresStepProps {
  exam: ExamWithScope;
}

/** ⑤ 成绩: per subject and class, the template, the import and the score grid; then 完成 and exports. */
export function ExamScoresStep({ exam }: ExamScoresStepProps) {
  const context = useExamContext();
  const { schoolId, canEdit } = context;
  const [seId, setSeId] = useState('');
  // Only what the reader may read is offered (score-reading.ts); the server refuses the rest.
  const subjects = readableSubjects(exam.readScope, exam.singleExams);
  const subject = chosenSubject(subjects, seId);
  const finalise = useFinaliseExam();
  const start = useExamStatus();
  const [problems, setProblems] = useState<string[] | null>(null);
  const [unsaved, setUnsaved] = useState(0);
  /** Runs `leave` at once, or after the user agrees to drop the grid's unsaved edits. */
  const confirmLeave = (leave: () => void) => {
    if (unsaved === 0) return leave();
    confirmDialog({
      title: '成绩尚未保存',
      content: `有 ${unsaved} 名学生的修改尚未保存，切换后这些修改将丢失。`,
      okText: '放弃修改',
      cancelText: '继续编辑',
      onOk: leave,
    });
  };

  async function begin() {
    try {
      await start.mutateAsync({ meId: exam.meId, status: 2 });
      notifySuccess('考试已开始', '任课教师现在可以录入本人任教班级的成绩');
    } catch {
      // Shown by the api-client.
    }
  }

  async function complete() {
    try {
      const result = await finalise.mutateAsync({ meId: exam.meId });
      if (result.problems.length > 0) setProblems(result.problems);
      else notifySuccess('考试已完成', '成绩已汇总并锁定，可以在成绩管理中发布');
    } catch (error) {
      // The refusal lists every missing student and subject; any other failure is a notice.
      const listed = finaliseProblems(error);
      if (listed) setProblems(listed);
      else notifyError('完成考试失败', error instanceof Error ? error.message : '请稍后重试');
    }
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {subjects.length === 0 && exam.singleExams.length > 0 ? (
          <Empty description="你没有该考试可查看的成绩（只能查看本人任教或管理的班级和科目）" />
        ) : (
          <SubjectTabs
            subjects={subjects}
            value={subject?.seId ?? ''}
            onChange={(next) => confirmLeave(() => setSeId(next))}
          />
        )}
        <Space wrap>
          {canEdit ? <ScoreImportButton meId={exam.meId} disabled={exam.status >= 3} /> : null}
          <ExportButton
            label="导出本科成绩"
            disabled={!subject}
            onExport={() => callFile(examsApi.exportSingleScoreInfo, { schoolId, seId: subject?.seId ?? '' })}
          />
          {readsTotal(exam.readScope) ? (
            <ExportButton
              label="导出总成绩"
              onExport={() => callFile(examsApi.exportMultiScoreInfo, { schoolId, meId: exam.meId })}
            />
          ) : null}
          <ExportButton
            label="导出全部科目"
            disabled={subjects.length === 0}
            onExport={() => callFile(examsApi.exportMultiExcels, { schoolId, meId: exam.meId })}
          />
          {/* 草稿 → 进行中 → 已完成: an exam is finalised only once it has started. */}
          {canEdit && exam.status === 1 ? (
            <Button type="primary" loading={start.isPending} onClick={() => void begin()}>
              开始考试
            </Button>
          ) : null}
          {canEdit && exam.status === 2 ? (
            <Button type="primary" loading={finalise.isPending} onClick={() => void complete()}>
              完成考试
            </Button>
          ) : null}
        </Space>
      </Flex>
      {exam.status >= 3 ? (
        <Alert type="success" showIcon title="考试已完成，成绩已锁定。如需修改，请在考试列表中“撤销完成”。" />
      ) : null}
      {subject ? (
        <SubjectScores
          key={subject.seId}
          exam={exam}
          subject={subject}
          onUnsavedChange={setUnsaved}
          confirmLeave={confirmLeave}
        />
      ) : null}
      <Modal
        title="考试还不能完成"
        open={problems !== null}
        onCancel={() => setProblems(null)}
        footer={
          <Button type="primary" onClick={() => setProblems(null)}>
            知道了
          </Button>
        }
      >
        <Typography.Paragraph>请先处理以下 {problems?.length ?? 0} 个问题，再点“完成考试”：</Typography.Paragraph>
        <div data-testid="finalise-problems" style={{ maxHeight: 420, overflowY: 'auto' }}>
          <List
            size="small"
            bordered
            dataSource={problems ?? []}
            renderItem={(problem) => (
              <List.Item>
                <Typography.Text type="danger">{problem}</Typography.Text>
              </List.Item>
            )}
          />
        </div>
      </Modal>
    </Flex>
  );
}

interface SubjectScoresProps {
  exam: ExamWithScope;
  subject: SingleExam;
  onUnsavedChange: (students: number) => void;
  confirmLeave: (leave: () => void) => void;
}

function SubjectScores({ exam, subject, onUnsavedChange, confirmLeave }: SubjectScoresProps) {
  const context = useExamContext();
  const { schoolId, canEdit } = context;
  const taught = useTaughtClasses();
  const students = useQuery(examQueries.students(schoolId, subject.seId));
  const structure = useQuery(examQueries.structure(schoolId, subject.seId));
  const [classId, setClassId] = useState<string>();
  const save = useSaveScores();

  const classes = [
    ...new Map((students.data?.list ?? []).map((student) => [student.classId, student.className])).entries(),
  ]
    .filter(([value]) => readsClass(exam.readScope, value, subject.courseId))
    .map(([value, label]) => ({ value, label }));
  const chosenClass = classes.find((c) => c.value === classId)?.value ?? classes[0]?.value ?? '';
  const scores = useQuery(examQueries.scores(schoolId, subject.seId, chosenClass));
  const editable = canEnterScores(context, exam.status, subject.status, taught, {
    termId: exam.termId,
    courseId: subject.courseId,
    classId: chosenClass,
  });
  const columns = gridColumnsOf(structure.data?.questions ?? [], subject.fullMark);

  async function saveScores(inputs: ScoreInput[]) {
    const result = await save.mutateAsync({ meId: exam.meId, seId: subject.seId, scores: inputs });
    notifySuccess('成绩已保存', `改动 ${result.changedScores} 个分数`);
    return result.changedScores;
  }

  return (
    <Flex vertical gap={12}>
      <Space wrap>
        <Select<string>
          aria-label="班级"
          placeholder="选择班级"
          style={{ width: 200 }}
          value={chosenClass || undefined}
          onChange={(next) => confirmLeave(() => setClassId(next))}
          options={classes}
          loading={students.isLoading}
        />
        {canEdit ? (
          <ScoreImportButton
            meId={exam.meId}
            seId={subject.seId}
            courseName={subject.courseName}
            disabled={exam.status >= 3}
          />
        ) : null}
        <Typography.Text type="secondary">
          {subject.courseName} 满分 {subject.fullMark}，已录 {subject.scoredCount}/{subject.studentCount} 人
        </Typography.Text>
      </Space>
      {!editable && exam.status < 3 && !canEdit ? (
        <Alert type="info" showIcon title="只能在考试进行中录入本人任教班级的成绩；其他班级只可查看。" />
      ) : null}
      {classes.length === 0 ? (
        <Empty description={students.isLoading ? '加载中…' : '该科目还没有考生，请在“考生”中添加班级'} />
      ) : scores.data && structure.data ? (
        <ScoreGrid
          key={`${subject.seId}-${chosenClass}`}
          seId={subject.seId}
          columns={columns}
          students={scores.data.list}
          editable={editable}
          onSave={saveScores}
          onUnsavedChange={onUnsavedChange}
        />
      ) : (
        <Typography.Text type="secondary">加载中…</Typography.Text>
      )}
    </Flex>
  );
}
