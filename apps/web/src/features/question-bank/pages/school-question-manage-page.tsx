import { FileExcelOutlined, FileWordOutlined, PlusOutlined } from '@ant-design/icons';
import { type BankQuestionInput, type Question, questionBankSchoolApi, type SchoolQuestion } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Popconfirm, Segmented, Select, Space } from 'antd';
import { useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { CoursePicker, useChosenCourse } from '../components/course-picker.tsx';
import { questionColumns, questionExpandable } from '../components/question-columns.tsx';
import { QuestionEditDialog } from '../components/question-edit-dialog.tsx';
import { type ImportKind, QuestionImportDialog } from '../components/question-import-dialog.tsx';
import { SchoolAdminOnly } from '../components/school-admin-only.tsx';
import { STATUS_FILTERS, schoolStatusColumn } from '../components/school-status.tsx';
import { isSchoolAdmin } from '../owner.ts';
import { questionBankQueries } from '../queries.ts';
import { schoolBankKeys, schoolBankQueries } from '../school-queries.ts';

/** An empty question of the course for 新增试题: the edit form fills it in. */
function blankQuestion(courseId: string): Question {
  return {
    quesId: '',
    courseId,
    questionTypeId: '',
    questionTypeName: '',
    diffGradeId: '3',
    diffGradeName: '',
    stem: '',
    options: ['', '', '', ''],
    answer: '',
    explanation: '',
    year: null,
    areaId: null,
    areaName: null,
    gradeId: null,
    gradeName: null,
    paperTypeId: null,
    paperTypeName: null,
    sourcePaper: null,
    score: null,
    timesUsed: 0,
    origin: 'school',
    schoolId: null,
    knowledgePoints: [],
    chapters: [],
  };
}

/** 校本试题管理 (type 5): upload (Excel, Word), add, edit, review and publish, withdraw, delete. */
export function SchoolQuestionManagePage() {
  if (!isSchoolAdmin()) return <SchoolAdminOnly title="校本试题管理" />;
  return <SchoolQuestionManager />;
}

function SchoolQuestionManager() {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(0);
  const [typeId, setTypeId] = useState<string>();
  const [query, setQuery] = useTableQuery({ pageSize: 20 });
  const [selected, setSelected] = useState<string[]>([]);
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const [editing, setEditing] = useState<Question | null>(null);
  const base = useQuery(questionBankQueries.base(courseId));
  const list = useQuery(
    schoolBankQueries.schoolQuestions(
      courseId
        ? {
            schoolId,
            courseId,
            status,
            questionTypeId: typeId,
            keyword: query.keyword || undefined,
            currentPage: query.currentPage,
            pageSize: query.pageSize,
          }
        : null,
    ),
  );

  const refresh = () => {
    setSelected([]);
    return queryClient.invalidateQueries({ queryKey: schoolBankKeys.schoolQuestions });
  };
  async function setStatusOf(quesIds: string[], next: 1 | 3) {
    const { changed } = await call(questionBankSchoolApi.updateSchoolQuestionStatus, {
      schoolId,
      quesIds,
      status: next,
    });
    notifySuccess(next === 1 ? '已发布' : '已撤回', `${changed} 道试题`);
    await refresh();
  }
  async function remove(quesIds: string[]) {
    const { deleted } = await call(questionBankSchoolApi.deleteSchoolQuestions, { schoolId, quesIds });
    notifySuccess('已删除', `${deleted} 道试题`);
    await refresh();
  }
  async function save(input: BankQuestionInput) {
    if (!editing || !courseId) return;
    if (editing.quesId) {
      await call(
        questionBankSchoolApi.updateSchoolQuestion,
        { schoolId, quesId: editing.quesId, question: input },
        { silent: true },
      );
    } else {
      await call(questionBankSchoolApi.addSchoolQuestion, { schoolId, courseId, question: input }, { silent: true });
    }
    notifySuccess('已保存');
    await refresh();
  }
  const change = (next: () => void) => {
    next();
    setQuery((current) => ({ ...current, currentPage: 1 }));
  };

  return (
    <Flex vertical gap={12}>
      <PageHeader title="校本试题管理" description="上传、编辑和审核本校试题；发布后本校教师才能看到，可随时撤回" />
      <Card size="small">
        <Flex vertical gap={12}>
          <div style={{ maxWidth: 520 }}>
            <CoursePicker />
          </div>
          <Flex gap={16} wrap align="center">
            <Segmented
              aria-label="状态"
              value={status}
              options={STATUS_FILTERS}
              onChange={(value) => change(() => setStatus(Number(value)))}
            />
            <Select
              aria-label="题型"
              allowClear
              placeholder="全部题型"
              value={typeId}
              options={base.data?.questionTypes.map((type) => ({ value: type.id, label: type.name }))}
              onChange={(value?: string) => change(() => setTypeId(value))}
              style={{ width: 140 }}
            />
          </Flex>
        </Flex>
      </Card>
      <DataTable<SchoolQuestion>
        label="校本试题"
        rowKey="quesId"
        query={query}
        onQueryChange={setQuery}
        page={list.data}
        loading={list.isFetching}
        searchPlaceholder="搜索题干"
        emptyText="还没有校本试题，可从 Excel 或 Word 导入"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        toolbar={
          <Space wrap>
            <Button icon={<FileExcelOutlined />} disabled={!courseId} onClick={() => setImporting('excel')}>
              从 Excel 导入
            </Button>
            <Button icon={<FileWordOutlined />} disabled={!courseId} onClick={() => setImporting('docx')}>
              从 Word 导入
            </Button>
            <Button
              icon={<PlusOutlined />}
              disabled={!courseId}
              onClick={() => courseId && setEditing(blankQuestion(courseId))}
            >
              新增试题
            </Button>
            <Button disabled={selected.length === 0} onClick={() => void setStatusOf(selected, 1)}>
              发布所选
            </Button>
            <Popconfirm title={`确定删除所选的 ${selected.length} 道试题吗？`} onConfirm={() => remove(selected)}>
              <Button danger disabled={selected.length === 0}>
                删除所选
              </Button>
            </Popconfirm>
          </Space>
        }
        expandable={questionExpandable}
        columns={[
          ...questionColumns<SchoolQuestion>(),
          schoolStatusColumn<SchoolQuestion>(),
          {
            key: 'updatedAt',
            title: '更新时间',
            width: 150,
            render: (_: unknown, question) => formatDateTime(question.updatedAt),
          },
        ]}
        actionsWidth={200}
        rowActions={(question) => (
          <Space size={4}>
            <Button size="small" type="link" onClick={() => setEditing(question)}>
              编辑
            </Button>
            {question.status === 1 ? (
              <Button size="small" type="link" onClick={() => void setStatusOf([question.quesId], 3)}>
                撤回
              </Button>
            ) : (
              <Button size="small" type="link" onClick={() => void setStatusOf([question.quesId], 1)}>
                发布
              </Button>
            )}
            <Popconfirm title="确定删除这道试题吗？" onConfirm={() => remove([question.quesId])}>
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
          kind={importing}
          courseId={courseId}
          target={{ bank: 'school', schoolId }}
          onClose={() => setImporting(null)}
          onImported={() => void refresh()}
        />
      ) : null}
      <QuestionEditDialog
        question={editing}
        title={editing?.quesId ? '编辑校本试题' : '新增校本试题'}
        onClose={() => setEditing(null)}
        onSave={save}
      />
    </Flex>
  );
}
