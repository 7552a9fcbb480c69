import { EyeOutlined, LinkOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import {
  authApi,
  documentsToolsApi,
  type QuestionImportPreview,
  questionBankApi,
  type StoredToolFile,
  scanningCardsApi,
  type TestScan,
  TOOL_UPLOAD_LIMITS,
} from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Input, List, Select, Space, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { PhotoQuestionButton } from '../../../components/question-text-tools.tsx';
import { WordPageViewer, type WordSource } from '../../../components/word-page-viewer.tsx';
import { call, callFile, callUpload } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { PaperTemplateCard } from './paper-template-card.tsx';

// 文档工具 (issue #19 part 1), beside 考试文档: any Word file previewed page by page and printed,
// a workbook printed portrait or landscape, an attachment's signed link, a Word paper cut into
// questions, and 拍照识题.

/** The signed-in teacher's school (findUserInfo, shared with the other pages by its query key). */
function useSchoolId(): string | undefined {
  const loginName = readStoredUser()?.loginName ?? '';
  const info = useQuery({
    queryKey: ['auth', 'user-info', loginName],
    queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
    staleTime: 10 * 60 * 1000,
  });
  return info.data?.user.schoolId;
}

const kindOf = (file: StoredToolFile) =>
  file.fileKey.endsWith('.docx') ? 'word' : file.fileKey.endsWith('.xlsx') ? 'excel' : 'other';

export function DocToolsPage() {
  const schoolId = useSchoolId();
  const [files, setFiles] = useState<StoredToolFile[]>([]);
  const [previewing, setPreviewing] = useState<WordSource | null>(null);
  const [printing, setPrinting] = useState<string | null>(null);

  async function printWorkbook(file: StoredToolFile, landscape: boolean) {
    setPrinting(`${file.fileKey}:${landscape}`);
    try {
      const endpoint = landscape ? documentsToolsApi.excelPrint2 : documentsToolsApi.excelPrint;
      saveDownload(await callFile(endpoint, { schoolId: schoolId!, fileKey: file.fileKey, fileName: file.fileName }));
    } catch {
      // Shown by the api-client.
    } finally {
      setPrinting(null);
    }
  }

  async function copyLink(file: StoredToolFile) {
    try {
      const link = await call(documentsToolsApi.getHttpURI, { schoolId: schoolId!, fileKey: file.fileKey });
      const absolute = new URL(link.url, window.location.origin).href;
      await navigator.clipboard?.writeText(absolute).catch(() => undefined);
      notifySuccess('链接已生成', '15 分钟内有效，已复制到剪贴板');
    } catch {
      // Shown by the api-client.
    }
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="文档工具"
        description="Word 文档预览与打印、Excel 表格打印、附件链接、Word 试卷拆题和拍照识题"
      />
      <Card title="文件预览与打印" size="small">
        <Flex vertical gap={12}>
          <Upload
            accept=".docx,.xlsx,.pdf,.png,.jpg,.jpeg,.gif,.webp"
            showUploadList={false}
            disabled={!schoolId}
            beforeUpload={(file) => {
              callUpload(documentsToolsApi.fileUploaded, { schoolId: schoolId! }, file)
                .then((stored) => setFiles((current) => [stored, ...current]))
                .catch(() => undefined);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} disabled={!schoolId}>
              上传文件
            </Button>
          </Upload>
          <Typography.Text type="secondary">
            支持 Word(.docx)、Excel(.xlsx)、PDF 和图片，最大 {TOOL_UPLOAD_LIMITS.file.label}
          </Typography.Text>
          <List
            className="tool-files"
            bordered
            locale={{ emptyText: '还没有上传文件' }}
            dataSource={files}
            renderItem={(file) => (
              <List.Item
                actions={[
                  kindOf(file) === 'word' ? (
                    <Button
                      key="preview"
                      type="link"
                      icon={<EyeOutlined />}
                      onClick={() =>
                        setPreviewing({ schoolId: schoolId!, fileKey: file.fileKey, fileName: file.fileName })
                      }
                    >
                      预览与打印
                    </Button>
                  ) : null,
                  ...(kindOf(file) === 'excel'
                    ? [false, true].map((landscape) => (
                        <Button
                          key={String(landscape)}
                          type="link"
                          icon={<PrinterOutlined />}
                          loading={printing === `${file.fileKey}:${landscape}`}
                          onClick={() => void printWorkbook(file, landscape)}
                        >
                          {landscape ? '横向打印' : '纵向打印'}
                        </Button>
                      ))
                    : []),
                  <Button key="link" type="link" icon={<LinkOutlined />} onClick={() => void copyLink(file)}>
                    复制链接
                  </Button>,
                ].filter(Boolean)}
              >
                <Space>
                  <Tag>{kindOf(file) === 'word' ? 'Word' : kindOf(file) === 'excel' ? 'Excel' : '附件'}</Tag>
                  <a href={file.url} target="_blank" rel="noreferrer">
                    {file.fileName}
                  </a>
                </Space>
              </List.Item>
            )}
          />
        </Flex>
      </Card>
      <PaperTemplateCard schoolId={schoolId} />
      <WordSegCard schoolId={schoolId} />
      <PhotoCard schoolId={schoolId} />
      <TestScanCard schoolId={schoolId} />
      <WordPageViewer source={previewing} onClose={() => setPreviewing(null)} />
    </Flex>
  );
}

const STAGES = [
  { value: 1, label: '小学' },
  { value: 2, label: '初中' },
  { value: 3, label: '高中' },
];

/** Word 试卷拆题: word/upload, then seg/getWordSegTopics for the chosen course (nothing saved). */
function WordSegCard({ schoolId }: { schoolId: string | undefined }) {
  const [stage, setStage] = useState(2);
  const [courseId, setCourseId] = useState<string>();
  const [preview, setPreview] = useState<QuestionImportPreview | null>(null);
  const [reading, setReading] = useState(false);
  const courses = useQuery({
    queryKey: ['tool', 'courses', stage],
    queryFn: () => call(questionBankApi.getCourses, { stageCode: stage }),
  });
  return (
    <Card title="Word 试卷拆题" size="small">
      <Flex vertical gap={12}>
        <Space wrap>
          <Select aria-label="学段" value={stage} options={STAGES} onChange={setStage} style={{ width: 100 }} />
          <Select
            aria-label="学科"
            placeholder="选择学科"
            value={courseId}
            loading={courses.isFetching}
            options={(courses.data ?? []).map((c) => ({ value: c.courseId, label: c.name }))}
            onChange={setCourseId}
            style={{ width: 140 }}
          />
          <Upload
            accept=".docx"
            showUploadList={false}
            disabled={!schoolId || !courseId || reading}
            beforeUpload={(file) => {
              setReading(true);
              callUpload(documentsToolsApi.wordUpload, { schoolId: schoolId! }, file)
                .then((stored) =>
                  call(documentsToolsApi.getWordSegTopics, {
                    schoolId: schoolId!,
                    fileKey: stored.fileKey,
                    courseId: courseId!,
                  }),
                )
                .then(setPreview)
                .catch(() => undefined)
                .finally(() => setReading(false));
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={reading} disabled={!schoolId || !courseId}>
              上传 Word 试卷
            </Button>
          </Upload>
        </Space>
        {preview ? (
          <List
            className="word-seg-topics"
            size="small"
            header={`识别出 ${preview.questions.length} 道题（仅预览，导入请到“校本题库管理”或“我的试题”）`}
            dataSource={preview.questions}
            renderItem={(q) => (
              <List.Item>
                <Typography.Text>
                  {q.no}. {q.stem}
                </Typography.Text>
              </List.Item>
            )}
          />
        ) : null}
      </Flex>
    </Card>
  );
}

/** 拍照识题 on its own: the text is shown to copy. */
function PhotoCard({ schoolId }: { schoolId: string | undefined }) {
  const [text, setText] = useState('');
  return (
    <Card title="拍照识题" size="small" extra={<PhotoQuestionButton schoolId={schoolId} onText={setText} />}>
      <Input.TextArea
        aria-label="识别结果"
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 12 }}
        placeholder="上传一张印刷题目的照片（PNG/JPG），识别出的文字显示在这里"
      />
    </Card>
  );
}

/** 测试扫描 (file/locateImage): one scanned page of a subject's card checked before a batch. */
function TestScanCard({ schoolId }: { schoolId: string | undefined }) {
  const [seId, setSeId] = useState<string>();
  const [result, setResult] = useState<TestScan | null>(null);
  const [reading, setReading] = useState(false);
  const cards = useQuery({
    queryKey: ['tool', 'cards', schoolId],
    queryFn: () => call(scanningCardsApi.findExamTemplateList, { schoolId: schoolId! }),
    enabled: Boolean(schoolId),
  });
  const options = (cards.data ?? [])
    .filter((row) => row.templateId !== null)
    .map((row) => ({ value: row.seId, label: `${row.examName} · ${row.courseName}` }));
  return (
    <Card title="测试扫描" size="small">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          批量扫描前，先扫一张答题卡上传检查：能否找到定位点和页码、倾斜角度和扫描分辨率
        </Typography.Text>
        <Space wrap>
          <Select
            aria-label="答题卡"
            placeholder="选择考试科目"
            value={seId}
            loading={cards.isFetching}
            options={options}
            onChange={setSeId}
            style={{ width: 280 }}
          />
          <Upload
            accept=".jpg,.jpeg,.png,.tif,.tiff,.pdf"
            showUploadList={false}
            disabled={!schoolId || !seId || reading}
            beforeUpload={(file) => {
              setReading(true);
              callUpload(documentsToolsApi.locateImage, { schoolId: schoolId!, seId: seId!, dpi: 200 }, file)
                .then(setResult)
                .catch(() => undefined)
                .finally(() => setReading(false));
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={reading} disabled={!schoolId || !seId}>
              上传测试扫描
            </Button>
          </Upload>
        </Space>
        {result ? (
          result.found ? (
            <Descriptions size="small" bordered column={4} className="test-scan-result">
              <Descriptions.Item label="页码">第 {result.page} 页</Descriptions.Item>
              <Descriptions.Item label="倾斜">{result.skewDegrees}°</Descriptions.Item>
              <Descriptions.Item label="分辨率">{result.dpi} dpi</Descriptions.Item>
              <Descriptions.Item label="方向">{result.turned ? '上下颠倒（可识别）' : '正向'}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Alert type="warning" showIcon title={result.message} />
          )
        ) : null}
      </Flex>
    </Card>
  );
}
