import { DownloadOutlined, EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { EXAM_DOC_KINDS, type ExamDoc, examsApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { WordPageViewer, type WordSource } from '../../../components/word-page-viewer.tsx';
import { callFile } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { saveDownload } from '../../../lib/download.ts';
import { ExamDocDeleteButton } from '../components/exam-doc-buttons.tsx';
import { ExamSelect, useYearExams } from '../components/exam-doc-exam-select.tsx';
import { ExamDocPapers } from '../components/exam-doc-papers.tsx';
import { ExamDocUploadDialog } from '../components/exam-doc-upload-dialog.tsx';
import { managerQueries, useDeleteDoc, useManagerContext } from '../manager-queries.ts';

/** 1.2 MB, 356 KB … */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** 考试文档: the school's exam documents, and the standard papers of each single exam. */
export function ExamDocPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'papers' ? 'papers' : 'docs';
  return (
    <Flex vertical>
      <PageHeader title="考试文档" />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'docs', label: '文档列表', children: <ExamDocList /> },
          { key: 'papers', label: '标准答案与评分细则', children: <ExamDocPapers /> },
        ]}
      />
    </Flex>
  );
}

function ExamDocList() {
  const { schoolId, canEdit } = useManagerContext();
  const { exams, loading } = useYearExams();
  const [meId, setMeId] = useState<string>();
  const [query, setQuery] = useTableQuery();
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<WordSource | null>(null);
  const docs = useQuery(
    managerQueries.docs(schoolId, {
      meId,
      keyword: query.keyword,
      currentPage: query.currentPage,
      pageSize: query.pageSize,
    }),
  );
  const remove = useDeleteDoc();

  async function download(doc: ExamDoc) {
    try {
      saveDownload(await callFile(examsApi.downloadExamDoc, { schoolId, docId: doc.docId }));
    } catch {
      // Shown by the api-client.
    }
  }

  return (
    <>
      <DataTable<ExamDoc>
        label="考试文档"
        rowKey="docId"
        query={query}
        onQueryChange={setQuery}
        page={docs.data}
        loading={docs.isFetching}
        searchPlaceholder="搜索文件名"
        emptyText={canEdit ? '还没有考试文档，点击“上传文档”添加' : '还没有考试文档'}
        toolbar={
          <>
            <ExamSelect
              aria-label="按考试筛选"
              exams={exams}
              loading={loading}
              allowClear
              placeholder="全部考试"
              value={meId}
              style={{ width: 260 }}
              onChange={(value) => {
                setMeId(value);
                setQuery({ ...query, currentPage: 1 });
              }}
            />
            {canEdit ? (
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                上传文档
              </Button>
            ) : null}
          </>
        }
        columns={[
          { key: 'fileName', title: '文件名', dataIndex: 'fileName' },
          { key: 'examName', title: '考试', dataIndex: 'examName' },
          { key: 'courseName', title: '科目', render: (_, doc) => doc.courseName ?? '全部科目' },
          {
            key: 'kind',
            title: '类型',
            render: (_, doc) => <Tag>{EXAM_DOC_KINDS[doc.kind as keyof typeof EXAM_DOC_KINDS] ?? doc.kind}</Tag>,
          },
          { key: 'size', title: '大小', align: 'right', render: (_, doc) => sizeText(doc.size) },
          { key: 'uploadedBy', title: '上传人', dataIndex: 'uploadedBy' },
          {
            key: 'uploadedAt',
            title: '上传时间',
            render: (_, doc) => formatDateTime(doc.uploadedAt),
          },
        ]}
        rowActions={(doc) => (
          <Space size={0}>
            {/\.docx$/i.test(doc.fileName) ? (
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                onClick={() => setPreviewing({ schoolId, examDocId: doc.docId, fileName: doc.fileName })}
              >
                预览
              </Button>
            ) : null}
            <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void download(doc)}>
              下载
            </Button>
            {canEdit ? (
              <ExamDocDeleteButton
                question={`确定删除文档“${doc.fileName}”吗？`}
                onDelete={() => remove.mutateAsync(doc.docId)}
              />
            ) : null}
          </Space>
        )}
      />
      <WordPageViewer source={previewing} onClose={() => setPreviewing(null)} />
      {canEdit ? (
        <ExamDocUploadDialog open={uploading} exams={exams} meId={meId} onClose={() => setUploading(false)} />
      ) : null}
    </>
  );
}
