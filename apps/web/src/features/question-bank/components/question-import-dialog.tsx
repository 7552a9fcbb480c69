import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { type QuestionImportPreview, questionBankSchoolApi } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Input, Modal, Select, Space, Switch, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { IMPORT_TEXT } from '../../../components/import-dialog.tsx';
import { call, callFile, callUpload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import type { Owner } from '../owner.ts';
import { questionBankKeys, questionBankQueries } from '../queries.ts';
import { changeDraft, type DraftQuestion, draftsOf, draftsToSave } from '../question-drafts.ts';
import { QuestionDraftCard } from './question-draft-card.tsx';

export type ImportKind = 'excel' | 'docx';
/** Where the questions go: the school's bank (type 5, as drafts) or the teacher's own questions. */
export type ImportTarget = { bank: 'school'; schoolId: string } | { bank: 'user'; owner: Owner };

export interface QuestionImportDialogProps {
  open: boolean;
  kind: ImportKind;
  courseId: string;
  target: ImportTarget;
  /** A Word paper is also filed as a school paper (school-paper-manage). */
  asPaper?: boolean;
  onClose: () => void;
  onImported: () => void;
}

const KIND_TEXT: Record<ImportKind, { title: string; accept: string; pattern: RegExp; wrongType: string }> = {
  excel: {
    title: '从 Excel 导入试题',
    accept: '.xlsx',
    pattern: /\.xlsx$/i,
    wrongType: IMPORT_TEXT.wrongType,
  },
  docx: {
    title: '从 Word 导入试卷',
    accept: '.docx',
    pattern: /\.docx$/i,
    wrongType: '只能上传 .docx 格式的 Word 文件（.doc 请先在 Word 中另存为 .docx）',
  },
};

/**
 * The question import of issue #6: 下载模板 (Excel) → 上传文件 → every question read from the file,
 * checked against the course, to correct here (题型, 题干, 选项, 答案, 知识点 …) → 确认导入 saves
 * the ticked ones in one transaction. A corrected file can be uploaded again before confirming.
 */
export function QuestionImportDialog({
  open,
  kind,
  courseId,
  target,
  asPaper = false,
  onClose,
  onImported,
}: QuestionImportDialogProps) {
  const text = KIND_TEXT[kind];
  const [preview, setPreview] = useState<QuestionImportPreview | null>(null);
  const [drafts, setDrafts] = useState<DraftQuestion[]>([]);
  const [paperTitle, setPaperTitle] = useState('');
  const [gradeId, setGradeId] = useState<string>();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState<'preview' | 'confirm' | 'template' | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const base = useQuery(questionBankQueries.base(courseId));
  const knowledge = useQuery(questionBankQueries.nodes(courseId, 1));

  function reset() {
    setPreview(null);
    setDrafts([]);
    setProblem('');
    setBusy(null);
    setOnlyProblems(false);
  }

  async function upload(file: File) {
    if (!text.pattern.test(file.name)) {
      setProblem(text.wrongType);
      return;
    }
    reset();
    setBusy('preview');
    try {
      const endpoint =
        kind === 'excel' ? questionBankSchoolApi.parseExcelQuestions : questionBankSchoolApi.parseDocxPaper;
      const read = await callUpload(endpoint, { courseId }, file, { silent: true });
      // A course without question types gets the starter types with its first preview.
      await queryClient.invalidateQueries({ queryKey: questionBankKeys.base(courseId) });
      setPreview(read);
      setDrafts(draftsOf(read));
      setPaperTitle(read.title ?? '');
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : IMPORT_TEXT.unreadable);
    } finally {
      setBusy(null);
    }
  }

  async function template() {
    setBusy('template');
    try {
      saveDownload(await callFile(questionBankSchoolApi.questionTemplate, { courseId }));
    } catch {
      // The api-client has shown why.
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    const checked = draftsToSave(drafts);
    if (checked.problem !== null) {
      setProblem(checked.problem);
      return;
    }
    if (asPaper && !paperTitle.trim()) {
      setProblem('请填写试卷标题');
      return;
    }
    setProblem('');
    setBusy('confirm');
    try {
      const result =
        target.bank === 'school'
          ? await call(
              questionBankSchoolApi.importSchoolQuestions,
              {
                schoolId: target.schoolId,
                courseId,
                questions: checked.inputs,
                paper: asPaper ? { title: paperTitle.trim(), gradeId } : undefined,
              },
              { silent: true },
            )
          : await call(
              questionBankSchoolApi.importUserQuestions,
              { ...target.owner, courseId, questions: checked.inputs },
              { silent: true },
            );
      notifySuccess(
        '导入完成',
        `已导入 ${result.created} 道试题${result.paperId ? '，并保存为校本试卷（待审核）' : ''}`,
      );
      onImported();
      onClose();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : '导入失败');
    } finally {
      setBusy(null);
    }
  }

  const included = drafts.filter((draft) => draft.include).length;
  const withProblems = drafts.filter((draft) => draft.errors.length > 0).length;
  const shown = onlyProblems ? drafts.filter((draft) => draft.errors.length > 0 || draft.notes.length > 0) : drafts;
  const update = (key: string, change: Parameters<typeof changeDraft>[1]) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? changeDraft(draft, change) : draft)));

  return (
    <Modal
      title={text.title}
      open={open}
      width={1080}
      onCancel={busy === 'confirm' ? undefined : onClose}
      mask={{ closable: false }}
      afterClose={reset}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" disabled={!preview || included === 0} loading={busy === 'confirm'} onClick={confirm}>
            {IMPORT_TEXT.confirm}
            {preview ? `（${included} 题）` : ''}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8} align="center" wrap>
          {kind === 'excel' ? (
            <Button icon={<DownloadOutlined />} loading={busy === 'template'} onClick={() => void template()}>
              {IMPORT_TEXT.download}
            </Button>
          ) : null}
          <input
            ref={fileInput}
            type="file"
            accept={text.accept}
            aria-label={IMPORT_TEXT.upload}
            style={{ display: 'none' }}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button
            type={preview ? 'default' : 'primary'}
            icon={<UploadOutlined />}
            loading={busy === 'preview'}
            onClick={() => fileInput.current?.click()}
          >
            {preview ? IMPORT_TEXT.reupload : IMPORT_TEXT.upload}
          </Button>
          {preview ? <Typography.Text type="secondary">{preview.fileName}</Typography.Text> : null}
        </Flex>
        {problem ? <Alert type="error" showIcon title={problem} /> : null}
        {preview ? (
          <>
            <Flex gap={8} align="center" wrap justify="space-between">
              <Space wrap data-testid="question-import-counts">
                <span>共 {drafts.length} 题</span>
                <Tag color="success">将导入 {included} 题</Tag>
                <Tag color={withProblems > 0 ? 'error' : 'default'}>有问题 {withProblems} 题</Tag>
              </Space>
              <Space>
                <Switch size="small" checked={onlyProblems} onChange={setOnlyProblems} aria-label="只看有问题的题" />
                <span>只看有问题的题</span>
              </Space>
            </Flex>
            {preview.notes.map((note) => (
              <Alert key={note} type="warning" showIcon title={note} />
            ))}
            {asPaper ? (
              <Flex gap={8} align="center" wrap>
                <Typography.Text>试卷标题</Typography.Text>
                <Input
                  aria-label="试卷标题"
                  value={paperTitle}
                  onChange={(event) => setPaperTitle(event.target.value)}
                  style={{ width: 360 }}
                />
                <Select
                  aria-label="年级"
                  allowClear
                  placeholder="年级"
                  value={gradeId}
                  options={base.data?.grades.map((grade) => ({ value: grade.id, label: grade.name }))}
                  onChange={(value?: string) => setGradeId(value)}
                  style={{ width: 120 }}
                />
              </Flex>
            ) : null}
            <Flex vertical gap={12} style={{ maxHeight: '60vh', overflow: 'auto', paddingRight: 4 }}>
              {shown.map((draft) => (
                <QuestionDraftCard
                  key={draft.key}
                  draft={draft}
                  types={base.data?.questionTypes ?? []}
                  knowledgeTree={knowledge.data}
                  onChange={(change) => update(draft.key, change)}
                />
              ))}
            </Flex>
          </>
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              kind === 'excel'
                ? '先下载模板，按模板的列填写后上传；上传后逐题检查，可在这里修改后再导入。'
                : 'Word 试卷按题号（1. 或 1、）分题，“一、选择题”等大题决定题型，选项、【答案】【解析】和卷末的参考答案会自动识别；图片不会导入。'
            }
          />
        )}
      </Flex>
    </Modal>
  );
}
