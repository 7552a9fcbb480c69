import { questionBankSchoolApi, questionBankUserApi, type UserPaperSummary } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Popconfirm, Segmented, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PaperActions } from '../../../components/paper-actions.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { DownloadHistory } from '../components/download-history.tsx';
import { ExamFromPaperDialog } from '../components/exam-from-paper-dialog.tsx';
import { OwnQuestions } from '../components/own-questions.tsx';
import { UserPaperDrawer } from '../components/user-paper-drawer.tsx';
import { type Owner, useOwner } from '../owner.ts';
import { schoolBankKeys, schoolBankQueries } from '../school-queries.ts';

/** The paper editor (another screen of issue #6) opens a saved user paper by its id. */
export const editorPathOf = (paperId: string) =>
  `/teacher/questionBank/paper-editor?paperId=${encodeURIComponent(paperId)}`;

const RESOURCE_TYPES = [
  { value: '', label: '全部' },
  { value: '1', label: '组卷' },
  { value: '2', label: '上传' },
];
const ORDERS = [
  { value: 1, label: '最近修改' },
  { value: 2, label: '最早创建' },
  { value: 3, label: '标题' },
];

/** 我的试卷 (spec §2 my-paper): the teacher's saved papers, their downloads and their own imported questions. */
export function MyPaperPage() {
  const owner = useOwner();
  return (
    <Flex vertical gap={12}>
      <PageHeader title="我的试卷" description="组卷保存的试卷、下载记录和自己上传的试题，只有自己能看到" />
      <Tabs
        items={[
          { key: 'papers', label: '我的试卷', children: <UserPapers owner={owner} /> },
          { key: 'downloads', label: '下载记录', children: <DownloadHistory /> },
          { key: 'questions', label: '我上传的试题', children: <OwnQuestions owner={owner} /> },
        ]}
      />
    </Flex>
  );
}

function UserPapers({ owner }: { owner: Owner | null }) {
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [allCourses, setAllCourses] = useState(true);
  const [resourceType, setResourceType] = useState('');
  const [orderId, setOrderId] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const [examOf, setExamOf] = useState<UserPaperSummary | null>(null);
  const [query, setQuery] = useTableQuery({ pageSize: 20 });
  const papers = useQuery(
    schoolBankQueries.userPapers(
      owner
        ? {
            ...owner,
            courseId: allCourses ? undefined : (courseId ?? undefined),
            resourceType: resourceType || undefined,
            orderId,
            pageIndex: query.currentPage,
            limit: query.pageSize,
          }
        : null,
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: schoolBankKeys.userPapers });
  const change = (next: () => void) => {
    next();
    setQuery((current) => ({ ...current, currentPage: 1 }));
  };

  async function remove(paper: UserPaperSummary) {
    await call(questionBankUserApi.deleteUserPaper, { ...owner!, paperId: paper.paperId });
    notifySuccess('已删除', paper.title);
    await refresh();
  }
  async function toggleUse(paper: UserPaperSummary, used: boolean) {
    await call(questionBankUserApi.updateUserPaperStatus, {
      ...owner!,
      paperId: paper.paperId,
      useStatus: used ? 1 : 0,
    });
    await refresh();
  }
  async function submit(paper: UserPaperSummary) {
    await call(questionBankSchoolApi.submitUserPaper, { ...owner!, paperId: paper.paperId });
    notifySuccess('已提交到校本', '教务管理员审核发布后，本校教师即可看到');
  }

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex gap={16} wrap align="center">
          <Space>
            <Switch
              checked={!allCourses}
              onChange={(on) => change(() => setAllCourses(!on))}
              aria-label="只看当前学科"
            />
            <span>只看当前学科</span>
          </Space>
          {!allCourses ? (
            <div style={{ minWidth: 420 }}>
              <CoursePicker />
            </div>
          ) : null}
          <Segmented
            aria-label="来源"
            value={resourceType}
            options={RESOURCE_TYPES}
            onChange={(value) => change(() => setResourceType(String(value)))}
          />
          <Segmented
            aria-label="排序"
            value={orderId}
            options={ORDERS}
            onChange={(value) => change(() => setOrderId(Number(value)))}
          />
        </Flex>
      </Card>
      <DataTable<UserPaperSummary>
        label="我的试卷列表"
        rowKey="paperId"
        query={query}
        onQueryChange={setQuery}
        page={papers.data}
        loading={papers.isFetching}
        searchPlaceholder={false}
        emptyText="还没有保存的试卷：在试题篮中组卷并保存后会出现在这里"
        columns={[
          {
            key: 'title',
            title: '试卷标题',
            render: (_: unknown, paper) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => setOpened(paper.paperId)}>
                {paper.title}
              </Button>
            ),
          },
          {
            key: 'course',
            title: '学科',
            dataIndex: 'courseName',
            width: 80,
            render: (name: string | null) => name ?? '—',
          },
          { key: 'count', title: '题数', dataIndex: 'questionCount', width: 70 },
          { key: 'score', title: '总分', dataIndex: 'totalScore', width: 70 },
          {
            key: 'type',
            title: '来源',
            width: 70,
            render: (_: unknown, paper) => (paper.uploadType === 2 ? '上传' : '组卷'),
          },
          {
            key: 'use',
            title: '已使用',
            width: 80,
            render: (_: unknown, paper) => (
              <Switch
                size="small"
                aria-label={`${paper.title}已使用`}
                checked={paper.useStatus === 1}
                onChange={(used) => void toggleUse(paper, used)}
              />
            ),
          },
          {
            key: 'updatedAt',
            title: '更新时间',
            width: 160,
            render: (_: unknown, paper) => formatDateTime(paper.updatedAt),
          },
        ]}
        actionsWidth={400}
        rowActions={(paper) => (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setOpened(paper.paperId)}>
              查看
            </Button>
            <Link to={editorPathOf(paper.paperId)}>编辑</Link>
            <Button size="small" type="link" onClick={() => setExamOf(paper)} disabled={paper.questionCount === 0}>
              用此试卷建考试
            </Button>
            <PaperActions paper={paper} />
            <Popconfirm title="提交后由教务管理员审核发布到校本试卷，确定提交吗？" onConfirm={() => submit(paper)}>
              <Button size="small" type="link">
                提交到校本
              </Button>
            </Popconfirm>
            <Popconfirm title={`确定删除“${paper.title}”吗？`} onConfirm={() => remove(paper)}>
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        )}
      />
      <Typography.Text type="secondary">
        “编辑”在组卷编辑器中打开试卷，可调整试题、分值和版式后再次保存；“用此试卷建考试”把试卷的题目、答案和分值建成考试，并生成答题卡。
      </Typography.Text>
      <ExamFromPaperDialog paper={examOf} onClose={() => setExamOf(null)} />
      <UserPaperDrawer owner={owner} paperId={opened} onClose={() => setOpened(null)} />
    </Flex>
  );
}
