import { FileWordOutlined } from '@ant-design/icons';
import { questionBankSchoolApi, type SchoolPaper } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Modal, Popconfirm, Segmented, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { QuestionImportDialog } from '../components/question-import-dialog.tsx';
import { SchoolAdminOnly } from '../components/school-admin-only.tsx';
import { SchoolPaperDrawer } from '../components/school-paper-drawer.tsx';
import { STATUS_FILTERS, schoolStatusColumn } from '../components/school-status.tsx';
import { isSchoolAdmin } from '../owner.ts';
import { questionBankQueries } from '../queries.ts';
import { schoolBankKeys, schoolBankQueries } from '../school-queries.ts';

/** 校本试卷管理 (type 5): upload Word papers, review, rename, publish, withdraw and delete the school's papers. */
export function SchoolPaperManagePage() {
  if (!isSchoolAdmin()) return <SchoolAdminOnly title="校本试卷管理" />;
  return <SchoolPaperManager />;
}

function SchoolPaperManager() {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(0);
  const [query, setQuery] = useTableQuery({ pageSize: 20 });
  const [importing, setImporting] = useState(false);
  const [opened, setOpened] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<SchoolPaper | null>(null);
  const list = useQuery(
    schoolBankQueries.schoolPapers(
      courseId
        ? {
            schoolId,
            courseId,
            status,
            keyword: query.keyword || undefined,
            currentPage: query.currentPage,
            pageSize: query.pageSize,
          }
        : null,
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: schoolBankKeys.schoolPapers });

  async function setStatusOf(paper: SchoolPaper, next: 1 | 3) {
    await call(questionBankSchoolApi.updateSchoolPaperStatus, { schoolId, paperIds: [paper.paperId], status: next });
    notifySuccess(next === 1 ? '已发布' : '已撤回', paper.title);
    await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: schoolBankKeys.schoolQuestions })]);
  }
  async function remove(paper: SchoolPaper) {
    await call(questionBankSchoolApi.deleteSchoolPapers, { schoolId, paperIds: [paper.paperId] });
    notifySuccess('已删除', paper.title);
    await refresh();
  }

  return (
    <Flex vertical gap={12}>
      <PageHeader
        title="校本试卷管理"
        description="上传 Word 试卷（自动分题、识别选项和答案），审核后发布给本校教师；发布试卷时卷中待审核的试题一并发布"
      />
      <Card size="small">
        <Flex vertical gap={12}>
          <div style={{ maxWidth: 520 }}>
            <CoursePicker />
          </div>
          <Segmented
            aria-label="状态"
            value={status}
            options={STATUS_FILTERS}
            onChange={(value) => {
              setStatus(Number(value));
              setQuery((current) => ({ ...current, currentPage: 1 }));
            }}
            style={{ alignSelf: 'flex-start' }}
          />
        </Flex>
      </Card>
      <DataTable<SchoolPaper>
        label="校本试卷"
        rowKey="paperId"
        query={query}
        onQueryChange={setQuery}
        page={list.data}
        loading={list.isFetching}
        searchPlaceholder="搜索试卷名称"
        emptyText="还没有校本试卷，可上传 Word 试卷"
        toolbar={
          <Button icon={<FileWordOutlined />} disabled={!courseId} onClick={() => setImporting(true)}>
            上传 Word 试卷
          </Button>
        }
        columns={[
          {
            key: 'title',
            title: '试卷名称',
            render: (_: unknown, paper) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpened(paper.paperId)}>
                {paper.title}
              </Button>
            ),
          },
          { key: 'grade', title: '年级', width: 90, render: (_: unknown, paper) => paper.gradeName ?? '—' },
          { key: 'count', title: '题数', dataIndex: 'questionCount', width: 70 },
          { key: 'score', title: '总分', width: 70, render: (_: unknown, paper) => paper.totalScore || '—' },
          schoolStatusColumn<SchoolPaper>(),
          {
            key: 'createdAt',
            title: '上传时间',
            width: 160,
            render: (_: unknown, paper) => formatDateTime(paper.createdAt),
          },
        ]}
        actionsWidth={240}
        rowActions={(paper) => (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setOpened(paper.paperId)}>
              查看
            </Button>
            <Button size="small" type="link" onClick={() => setRenaming(paper)}>
              修改信息
            </Button>
            {paper.status === 1 ? (
              <Button size="small" type="link" onClick={() => void setStatusOf(paper, 3)}>
                撤回
              </Button>
            ) : (
              <Button size="small" type="link" onClick={() => void setStatusOf(paper, 1)}>
                发布
              </Button>
            )}
            <Popconfirm
              title={`确定删除“${paper.title}”吗？卷中的试题仍保留在校本试题中。`}
              onConfirm={() => remove(paper)}
            >
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        )}
      />
      {courseId && importing ? (
        <QuestionImportDialog
          open
          asPaper
          kind="docx"
          courseId={courseId}
          target={{ bank: 'school', schoolId }}
          onClose={() => setImporting(false)}
          onImported={() =>
            void Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: schoolBankKeys.schoolQuestions })])
          }
        />
      ) : null}
      <SchoolPaperDrawer schoolId={schoolId} paperId={opened} onClose={() => setOpened(null)} />
      <PaperInfoDialog schoolId={schoolId} paper={renaming} onClose={() => setRenaming(null)} onDone={refresh} />
    </Flex>
  );
}

interface PaperInfoDialogProps {
  schoolId: string;
  paper: SchoolPaper | null;
  onClose: () => void;
  onDone: () => Promise<unknown>;
}

/** 修改信息: the title and grade; the sections and questions stay as they are. */
function PaperInfoDialog({ schoolId, paper, onClose, onDone }: PaperInfoDialogProps) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [gradeId, setGradeId] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const base = useQuery(questionBankQueries.base(paper?.courseId ?? null));
  useEffect(() => {
    setTitle(paper?.title ?? '');
    setGradeId(paper?.gradeId ?? undefined);
  }, [paper]);
  async function save() {
    if (!paper) return;
    setSaving(true);
    try {
      const detail = await queryClient.fetchQuery(schoolBankQueries.schoolPaper(schoolId, paper.paperId));
      await call(questionBankSchoolApi.updateSchoolPaper, {
        schoolId,
        paperId: paper.paperId,
        paper: {
          courseId: paper.courseId,
          title,
          gradeId,
          paperTypeId: paper.paperTypeId ?? undefined,
          year: paper.year ?? undefined,
          sections: detail.sections.map((section) => ({
            title: section.title,
            questions: section.questions.map((q) => ({ quesId: q.question.quesId, score: q.score ?? undefined })),
          })),
        },
      });
      await queryClient.invalidateQueries({ queryKey: schoolBankKeys.schoolPapers });
      await onDone();
      onClose();
    } catch {
      // The api-client has shown why.
    } finally {
      setSaving(false);
    }
  }
  return (
    <Modal
      title="修改试卷信息"
      open={paper !== null}
      okText="保存"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Input aria-label="试卷标题" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
        <Select
          aria-label="年级"
          allowClear
          placeholder="年级"
          value={gradeId}
          options={base.data?.grades.map((grade) => ({ value: grade.id, label: grade.name }))}
          onChange={(value?: string) => setGradeId(value)}
        />
      </Flex>
    </Modal>
  );
}
