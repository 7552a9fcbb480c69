import { CopyOutlined, EyeOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import {
  documentsToolsApi,
  type PaperTemplate,
  paperTemplateApi,
  SEAL_FIELDS,
  TEMPLATE_BACKGROUND_MAX,
  TEMPLATE_FONTS,
  TEMPLATE_SIZES,
} from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Form, Input, Radio, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { WordPageViewer, type WordSource } from '../../../components/word-page-viewer.tsx';
import { call, callUpload } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';

// 试卷模板 (template/getTemplate, template/saveTemplate, file/templateFileCopy): the school's paper
// template edited in a form, previewed as page images (a sample paper printed with the form,
// through word/preview) and saved by the school administrator, per school, school year or exam.

const SCOPE_KINDS = [
  { value: 'school', label: '全校' },
  { value: 'year', label: '学年' },
  { value: 'exam', label: '考试' },
];
type ScopeKind = 'school' | 'year' | 'exam';
const scopeOf = (kind: ScopeKind, value: string) => (kind === 'school' ? '' : `${kind}:${value.trim()}`);
const fonts = TEMPLATE_FONTS.map((f) => ({ value: f, label: f }));
const sizes = TEMPLATE_SIZES.map((s) => ({ value: s, label: `${s} 磅` }));

/** The form holds the title lines as one text, a line each. */
type FormValues = Omit<PaperTemplate, 'titleLines'> & { titleText: string };
const toForm = (t: PaperTemplate): FormValues => ({ ...t, titleText: t.titleLines.join('\n') });
const fromForm = ({ titleText, ...rest }: FormValues): PaperTemplate => ({
  ...rest,
  titleLines: titleText.split(/\r?\n/).filter((l) => l.trim()),
});

function ScopePicker(props: { kind: ScopeKind; value: string; onChange: (kind: ScopeKind, value: string) => void }) {
  return (
    <Space.Compact>
      <Select
        aria-label="模板范围"
        value={props.kind}
        options={SCOPE_KINDS}
        onChange={(kind) => props.onChange(kind, props.value)}
        style={{ width: 90 }}
      />
      {props.kind === 'school' ? null : (
        <Input
          aria-label={props.kind === 'year' ? '学年' : '考试编号'}
          placeholder={props.kind === 'year' ? '如 2026' : '考试编号'}
          value={props.value}
          onChange={(event) => props.onChange(props.kind, event.target.value)}
          style={{ width: 120 }}
        />
      )}
    </Space.Compact>
  );
}

export function PaperTemplateCard({ schoolId }: { schoolId: string | undefined }) {
  const isAdmin = readStoredUser()?.type === 5;
  const [form] = Form.useForm<FormValues>();
  const [kind, setKind] = useState<ScopeKind>('school');
  const [scopeValue, setScopeValue] = useState('');
  const [fromKind, setFromKind] = useState<ScopeKind>('year');
  const [fromValue, setFromValue] = useState('');
  const [previewing, setPreviewing] = useState<WordSource | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | 'copy' | null>(null);
  const scope = scopeOf(kind, scopeValue);
  const queryClient = useQueryClient();
  const queryKey = ['tool', 'paper-template', schoolId, scope];
  const saved = useQuery({
    queryKey,
    queryFn: () => call(paperTemplateApi.getTemplate, { schoolId: schoolId!, scope }),
    enabled: Boolean(schoolId) && (kind === 'school' || scopeValue.trim() !== ''),
  });
  const backgroundFileKey = Form.useWatch('backgroundFileKey', form);

  useEffect(() => {
    if (saved.data) form.setFieldsValue(toForm(saved.data.template));
  }, [saved.data, form]);

  async function run(what: 'preview' | 'save' | 'copy', action: () => Promise<void>) {
    setBusy(what);
    try {
      await action();
    } catch {
      // Shown by the api-client.
    } finally {
      setBusy(null);
    }
  }

  const preview = () =>
    run('preview', async () => {
      const template = fromForm(await form.validateFields());
      const stored = await call(paperTemplateApi.previewTemplate, { schoolId: schoolId!, template });
      setPreviewing({ schoolId: schoolId!, fileKey: stored.fileKey, fileName: '试卷模板预览.docx' });
    });
  const save = () =>
    run('save', async () => {
      const template = fromForm(await form.validateFields());
      const answer = await call(paperTemplateApi.saveTemplate, { schoolId: schoolId!, scope, template });
      queryClient.setQueryData(queryKey, answer);
      notifySuccess('试卷模板已保存');
    });
  const copy = () =>
    run('copy', async () => {
      const fromScope = scopeOf(fromKind, fromValue);
      const answer = await call(paperTemplateApi.templateFileCopy, { schoolId: schoolId!, fromScope, toScope: scope });
      queryClient.setQueryData(queryKey, answer);
      notifySuccess('已复制试卷模板');
    });

  return (
    <Card
      title="试卷模板"
      size="small"
      className="paper-template"
      extra={saved.data ? <Tag>{saved.data.saved ? '已保存' : '未保存（使用默认或全校模板）'}</Tag> : null}
    >
      <Flex vertical gap={12}>
        <Space wrap>
          <Typography.Text>范围</Typography.Text>
          <ScopePicker
            kind={kind}
            value={scopeValue}
            onChange={(k, v) => {
              setKind(k);
              setScopeValue(v);
            }}
          />
        </Space>
        <Form form={form} layout="vertical" disabled={!schoolId} initialValues={{ notes: '', watermark: '' }}>
          <Form.Item
            label="标题行（每行一项，可用 {学校名称}、{考试名称}）"
            name="titleText"
            rules={[{ required: true, message: '至少要有一行标题' }]}
          >
            <Input.TextArea aria-label="标题行" autoSize={{ minRows: 2, maxRows: 3 }} />
          </Form.Item>
          <Space wrap size="large">
            <Form.Item label="密封线" name="sealLine">
              <Radio.Group
                options={[
                  { value: 'none', label: '无' },
                  { value: 'left', label: '左侧装订线' },
                ]}
              />
            </Form.Item>
            <Form.Item label="密封线栏目" name="sealFields">
              <Checkbox.Group options={SEAL_FIELDS.map((f) => ({ value: f, label: f }))} />
            </Form.Item>
          </Space>
          <Space wrap>
            <Form.Item label="标题字体" name="titleFont">
              <Select aria-label="标题字体" options={fonts} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item label="标题字号" name="titleSize">
              <Select aria-label="标题字号" options={sizes} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item label="正文字体" name="bodyFont">
              <Select aria-label="正文字体" options={fonts} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item label="正文字号" name="bodySize">
              <Select aria-label="正文字号" options={sizes} style={{ width: 100 }} />
            </Form.Item>
          </Space>
          <Form.Item label="注意事项" name="notes">
            <Input.TextArea aria-label="注意事项" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} />
          </Form.Item>
          <Space wrap align="end">
            <Form.Item label="水印文字" name="watermark">
              <Input aria-label="水印文字" maxLength={20} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item name="backgroundFileKey" hidden>
              <Input />
            </Form.Item>
            <Form.Item label={`背景图片（PNG/JPG，最大 ${TEMPLATE_BACKGROUND_MAX.label}）`}>
              <Space>
                <Upload
                  accept=".png,.jpg,.jpeg"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    callUpload(documentsToolsApi.fileUploaded, { schoolId: schoolId! }, file)
                      .then((stored) => form.setFieldValue('backgroundFileKey', stored.fileKey))
                      .catch(() => undefined);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />}>{backgroundFileKey ? '更换背景' : '上传背景'}</Button>
                </Upload>
                {backgroundFileKey ? (
                  <Button type="link" onClick={() => form.setFieldValue('backgroundFileKey', null)}>
                    去掉背景
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          </Space>
        </Form>
        <Space wrap>
          <Button icon={<EyeOutlined />} loading={busy === 'preview'} disabled={!schoolId} onClick={preview}>
            预览模板
          </Button>
          {isAdmin ? (
            <Button type="primary" icon={<SaveOutlined />} loading={busy === 'save'} onClick={save}>
              保存模板
            </Button>
          ) : (
            <Typography.Text type="secondary">试卷模板由教务管理员保存</Typography.Text>
          )}
        </Space>
        {isAdmin ? (
          <Space wrap>
            <Typography.Text>从其他考试或学年复制</Typography.Text>
            <ScopePicker
              kind={fromKind}
              value={fromValue}
              onChange={(k, v) => {
                setFromKind(k);
                setFromValue(v);
              }}
            />
            <Button icon={<CopyOutlined />} loading={busy === 'copy'} onClick={copy}>
              复制到当前范围
            </Button>
          </Space>
        ) : null}
      </Flex>
      <WordPageViewer source={previewing} onClose={() => setPreviewing(null)} />
    </Card>
  );
}
