import { type ExamDoc, examsApi, STANDARD_PAPER_KINDS, type StandardPaper } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../lib/date-format.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { managerQueries, useDeletePaper, useManagerContext, useSavePaper } from '../manager-queries.ts';
import { ExamDocDeleteButton } from './exam-doc-buttons.tsx';
import { ExamSelect, SubjectSelect, useYearExams } from './exam-doc-exam-select.tsx';

const fields = examsApi.saveStandardPaper.params.shape;

interface PaperValues {
  title: string;
  content: string;
  docId: string | null;
}

/** 标准答案与评分细则 of one single exam: a text and an optional linked document each. */
export function ExamDocPapers() {
  const { schoolId } = useManagerContext();
  const { exams, loading } = useYearExams();
  const [meId, setMeId] = useState<string>();
  const [seId, setSeId] = useState<string>();
  const exam = exams.find((candidate) => candidate.meId === meId);
  const papers = useQuery(managerQueries.papers(schoolId, seId ?? ''));
  const docs = useQuery({
    ...managerQueries.docs(schoolId, { meId, currentPage: 1, pageSize: 500 }),
    enabled: meId !== undefined,
  });

  return (
    <section aria-label="标准答案与评分细则">
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <ExamSelect
          aria-label="选择考试"
          exams={exams}
          loading={loading}
          value={meId}
          style={{ width: 280 }}
          onChange={(value) => {
            setMeId(value);
            setSeId(undefined);
          }}
        />
        <SubjectSelect aria-label="选择科目" exam={exam} value={seId} style={{ width: 160 }} onChange={setSeId} />
      </Flex>
      {!seId ? (
        <Empty description="选择考试和科目后编辑标准答案与评分细则" />
      ) : papers.isLoading ? null : (
        <Row gutter={16}>
          {([1, 2] as const).map((kind) => (
            <Col xs={24} lg={12} key={kind}>
              <PaperCard
                key={`${seId}-${kind}`}
                seId={seId}
                kind={kind}
                paper={(papers.data ?? []).find((candidate) => candidate.kind === kind) ?? null}
                docs={docs.data?.list ?? []}
              />
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}

interface PaperCardProps {
  seId: string;
  kind: 1 | 2;
  paper: StandardPaper | null;
  /** Documents of the exam that can be linked. */
  docs: ExamDoc[];
}

function PaperCard({ seId, kind, paper, docs }: PaperCardProps) {
  const { canEdit } = useManagerContext();
  const save = useSavePaper();
  const remove = useDeletePaper();
  const [form] = Form.useForm<PaperValues>();
  const kindName = STANDARD_PAPER_KINDS[kind];

  useEffect(() => {
    form.setFieldsValue({
      title: paper?.title ?? kindName,
      content: paper?.content ?? '',
      docId: paper?.docId ?? null,
    });
  }, [paper, form, kindName]);

  async function submit(values: PaperValues) {
    try {
      await save.mutateAsync({ spId: paper?.spId, seId, kind, ...values, docId: values.docId ?? null });
      notifySuccess('保存成功');
    } catch {
      // Shown by the api-client.
    }
  }

  return (
    <Card
      title={kindName}
      size="small"
      data-testid={`paper-${kind}`}
      extra={
        paper ? (
          <Typography.Text type="secondary">
            {paper.updatedBy} 更新于 {formatDateTime(paper.updatedAt)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">尚未填写</Typography.Text>
        )
      }
    >
      {canEdit ? null : <Alert type="info" showIcon title="只读" style={{ marginBottom: 8 }} />}
      <Form<PaperValues> form={form} layout="vertical" disabled={!canEdit} onFinish={(values) => void submit(values)}>
        <Form.Item label="标题" name="title" rules={[zodRule(fields.title)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={`${kindName}内容`} name="content" rules={[zodRule(fields.content)]}>
          <Input.TextArea rows={8} maxLength={50_000} showCount />
        </Form.Item>
        <Form.Item label="关联文档" name="docId" extra="可先在“文档列表”上传，再在此关联">
          <Select
            allowClear
            placeholder="不关联文档"
            options={docs.map((doc) => ({
              value: doc.docId,
              label: doc.courseName ? `${doc.fileName}（${doc.courseName}）` : doc.fileName,
            }))}
          />
        </Form.Item>
        {canEdit ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存{kindName}
            </Button>
            {paper ? (
              <ExamDocDeleteButton
                question={`确定删除${kindName}“${paper.title}”吗？`}
                onDelete={() => remove.mutateAsync(paper.spId)}
              />
            ) : null}
          </Space>
        ) : null}
      </Form>
    </Card>
  );
}
