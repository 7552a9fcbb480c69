import { UploadOutlined } from '@ant-design/icons';
import { EXAM_DOC_KINDS, type MultiExam } from '@huikao/contracts';
import { Button, Form, Select, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { useUploadDoc } from '../manager-queries.ts';
import { ExamSelect, SubjectSelect } from './exam-doc-exam-select.tsx';

interface UploadValues {
  meId: string;
  seId?: string;
  kind: number;
}

export interface ExamDocUploadDialogProps {
  open: boolean;
  exams: MultiExam[];
  /** The exam chosen in the list's filter, preselected. */
  meId?: string;
  onClose: () => void;
}

/** 上传文档: a file of an exam (optionally of one subject), of a kind 试卷/标准答案/评分细则/其他. */
export function ExamDocUploadDialog({ open, exams, meId, onClose }: ExamDocUploadDialogProps) {
  const upload = useUploadDoc();
  const [form] = Form.useForm<UploadValues>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const chosenMeId = Form.useWatch('meId', form);
  const exam = exams.find((candidate) => candidate.meId === chosenMeId);

  async function submit(values: UploadValues) {
    if (!file) {
      setFileError('请选择要上传的文件');
      throw new Error('no file');
    }
    await upload.mutateAsync({ meId: values.meId, seId: values.seId || undefined, kind: values.kind, file });
    setFile(null);
  }

  return (
    <FormDialog<UploadValues>
      open={open}
      title="上传考试文档"
      form={form}
      onClose={() => {
        setFile(null);
        setFileError(null);
        onClose();
      }}
      onSubmit={submit}
      successText="上传成功"
      initialValues={{ meId, kind: 1 }}
    >
      <Form.Item label="考试" name="meId" rules={[{ required: true, message: '请选择考试' }]}>
        <ExamSelect exams={exams} onChange={() => form.setFieldValue('seId', undefined)} />
      </Form.Item>
      <Form.Item label="科目" name="seId" extra="不选表示整场考试的文档">
        <SubjectSelect exam={exam} allowClear />
      </Form.Item>
      <Form.Item label="文档类型" name="kind" rules={[{ required: true, message: '请选择文档类型' }]}>
        <Select options={Object.entries(EXAM_DOC_KINDS).map(([value, label]) => ({ value: Number(value), label }))} />
      </Form.Item>
      <Form.Item label="文件" required validateStatus={fileError ? 'error' : undefined} help={fileError}>
        <Upload
          maxCount={1}
          accept={ACCEPTED}
          fileList={file ? [{ uid: 'chosen', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setFileError(null);
            return false; // sent with 确定, through the api-client
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>选择文件</Button>
        </Upload>
        <Typography.Text type="secondary">支持 PDF、Word、Excel、图片（jpg、png）或 zip 文件</Typography.Text>
      </Form.Item>
    </FormDialog>
  );
}

/** What the server stores (it refuses other kinds). */
const ACCEPTED = '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.zip';
