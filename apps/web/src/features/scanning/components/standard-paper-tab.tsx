import { STANDARD_PAPER_KINDS, type StandardPaper, scanningCardsApi } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Popconfirm, Row, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { cardQueries, useCardContext } from '../queries.ts';

const fields = scanningCardsApi.saveStandardPaper.params.shape;

interface PaperValues {
  title: string;
  content: string;
}

/**
 * 标准答卷: the single exam's 标准答案 and 评分细则 (the marking service's examStandardPaper calls,
 * the same papers 考试文档 edits), which markers read beside each answer.
 */
export function StandardPaperTab({ seId }: { seId: string }) {
  const { schoolId } = useCardContext();
  const papers = useQuery(cardQueries.standardPapers(schoolId, seId));
  if (papers.error) return <Alert type="error" showIcon title={`标准答卷加载失败：${papers.error.message}`} />;
  if (!papers.data) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  return (
    <Row gutter={16}>
      {([1, 2] as const).map((kind) => (
        <Col xs={24} lg={12} key={kind}>
          <PaperCard seId={seId} kind={kind} paper={papers.data.find((paper) => paper.kind === kind) ?? null} />
        </Col>
      ))}
    </Row>
  );
}

function PaperCard({ seId, kind, paper }: { seId: string; kind: 1 | 2; paper: StandardPaper | null }) {
  const { schoolId, canEditExam: canManage } = useCardContext();
  const client = useQueryClient();
  const [form] = Form.useForm<PaperValues>();
  const kindName = STANDARD_PAPER_KINDS[kind];
  const refresh = () => client.invalidateQueries({ queryKey: cardQueries.standardPapers(schoolId, seId).queryKey });
  const save = useMutation({
    mutationFn: (values: PaperValues) =>
      paper
        ? call(scanningCardsApi.updateStandardPaper, { schoolId, spId: paper.spId, ...values, docId: paper.docId })
        : call(scanningCardsApi.saveStandardPaper, { schoolId, seId, kind, ...values }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (spId: string) => call(scanningCardsApi.deleteStandardPaper, { schoolId, spId }),
    onSuccess: refresh,
  });

  useEffect(() => {
    form.setFieldsValue({ title: paper?.title ?? kindName, content: paper?.content ?? '' });
  }, [paper, form, kindName]);

  return (
    <Card
      title={kindName}
      size="small"
      data-testid={`standard-paper-${kind}`}
      extra={
        <Typography.Text type="secondary">
          {paper ? `${paper.updatedBy} 更新于 ${formatDateTime(paper.updatedAt)}` : '尚未填写'}
        </Typography.Text>
      }
    >
      <Form<PaperValues>
        form={form}
        layout="vertical"
        disabled={!canManage}
        onFinish={(values) =>
          save
            .mutateAsync(values)
            .then(() => notifySuccess(`${kindName}已保存`))
            .catch(() => undefined)
        }
      >
        <Form.Item label="标题" name="title" rules={[zodRule(fields.title)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label={`${kindName}内容`} name="content" rules={[zodRule(fields.content)]}>
          <Input.TextArea rows={8} maxLength={50_000} showCount />
        </Form.Item>
        {canManage ? (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存{kindName}
            </Button>
            {paper ? (
              <Popconfirm
                title={`确定删除${kindName}“${paper.title}”吗？`}
                okText="确定"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove
                    .mutateAsync(paper.spId)
                    .then(() => notifySuccess('已删除'))
                    .catch(() => undefined)
                }
              >
                <Button danger>删除</Button>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null}
      </Form>
    </Card>
  );
}
