import { FileExcelOutlined, FileWordOutlined } from '@ant-design/icons';
import { type BankQuestionInput, type Question, questionBankSchoolApi } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { DataTable, useTableQuery } from '../../../components/data-table.tsx';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { basketKey, useBasket } from '../basket.ts';
import type { Owner } from '../owner.ts';
import { questionBankQueries } from '../queries.ts';
import { schoolBankKeys, schoolBankQueries } from '../school-queries.ts';
import { BasketButton, BasketDrawer } from './basket-drawer.tsx';
import { CoursePicker, useChosenCourse } from './course-picker.tsx';
import { questionColumns, questionExpandable } from './question-columns.tsx';
import { QuestionEditDialog } from './question-edit-dialog.tsx';
import { type ImportKind, QuestionImportDialog } from './question-import-dialog.tsx';

export interface OwnQuestionsProps {
  owner: Owner | null;
}

/**
 * 我上传的试题 (userquestions/own): questions the teacher imported from Excel or Word, seen only by
 * them, which go into their basket like any bank question.
 */
export function OwnQuestions({ owner }: OwnQuestionsProps) {
  const courseId = useChosenCourse();
  const queryClient = useQueryClient();
  const [query, setQuery] = useTableQuery({ pageSize: 20 });
  const [importing, setImporting] = useState<ImportKind | null>(null);
  const [editing, setEditing] = useState<Question | null>(null);
  const basket = useBasket(courseId);
  const base = useQuery(questionBankQueries.base(courseId));
  const list = useQuery(
    schoolBankQueries.ownQuestions(
      owner && courseId
        ? {
            ...owner,
            courseId,
            keyword: query.keyword || undefined,
            pageIndex: query.currentPage,
            limit: query.pageSize,
          }
        : null,
    ),
  );
  const refresh = () => queryClient.invalidateQueries({ queryKey: schoolBankKeys.ownQuestions });

  async function remove(question: Question) {
    await call(questionBankSchoolApi.deleteOwnQuestions, { ...owner!, quesIds: [question.quesId] });
    notifySuccess('已删除');
    // A deleted question leaves the basket too (the server's basket skips it).
    await Promise.all([refresh(), courseId && queryClient.invalidateQueries({ queryKey: basketKey(courseId) })]);
  }
  async function save(input: BankQuestionInput) {
    await call(
      questionBankSchoolApi.updateOwnQuestion,
      { ...owner!, quesId: editing!.quesId, question: input },
      { silent: true },
    );
    notifySuccess('已保存');
    await refresh();
  }

  return (
    <Flex vertical gap={12}>
      <div style={{ maxWidth: 520 }}>
        <CoursePicker />
      </div>
      <DataTable<Question>
        label="我上传的试题"
        rowKey="quesId"
        query={query}
        onQueryChange={setQuery}
        page={list.data}
        loading={list.isFetching}
        searchPlaceholder="搜索题干"
        emptyText="还没有上传的试题：可从 Excel 或 Word 导入"
        toolbar={
          <Space>
            <Button icon={<FileExcelOutlined />} disabled={!courseId || !owner} onClick={() => setImporting('excel')}>
              从 Excel 导入
            </Button>
            <Button icon={<FileWordOutlined />} disabled={!courseId || !owner} onClick={() => setImporting('docx')}>
              从 Word 导入
            </Button>
          </Space>
        }
        expandable={questionExpandable}
        columns={questionColumns<Question>()}
        actionsWidth={220}
        rowActions={(question) => (
          <Space size={4}>
            <BasketButton controls={basket} quesId={question.quesId} />
            <Button size="small" type="link" onClick={() => setEditing(question)}>
              编辑
            </Button>
            <Popconfirm title="确定删除这道试题吗？" onConfirm={() => remove(question)}>
              <Button size="small" type="link" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        )}
      />
      {courseId && owner && importing ? (
        <QuestionImportDialog
          open
          kind={importing}
          courseId={courseId}
          target={{ bank: 'user', owner }}
          onClose={() => setImporting(null)}
          onImported={() => void refresh()}
        />
      ) : null}
      <QuestionEditDialog question={editing} title="编辑我的试题" onClose={() => setEditing(null)} onSave={save} />
      {courseId ? <BasketDrawer controls={basket} courseName={base.data?.courseName} /> : null}
    </Flex>
  );
}
