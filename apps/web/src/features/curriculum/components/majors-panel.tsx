import { PlusOutlined } from '@ant-design/icons';
import { curriculumApi, type Major } from '@huikao/contracts';
import { Button, Form, Input, InputNumber, Space } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { call } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { exportList, useCurriculumContext, useCurriculumMutation, useMajors } from '../api.ts';
import { CurriculumImport } from './curriculum-import.tsx';
import { PlanPanel } from './plan-panel.tsx';
import { RowActions } from './row-actions.tsx';

const fields = curriculumApi.saveMajor.params.shape;
type MajorValues = Pick<Major, 'name' | 'code' | 'enterYear' | 'years'>;

/** 专业: majors by enter year (级); choosing one opens its teaching plan below. */
export function MajorsPanel() {
  const { schoolId, canEdit } = useCurriculumContext();
  const majors = useMajors(schoolId);
  const [query, setQuery] = useTableQuery();
  const [editing, setEditing] = useState<Major | 'new' | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const save = useCurriculumMutation((values: MajorValues) =>
    editing && editing !== 'new'
      ? call(curriculumApi.updateMajor, { schoolId, majorId: editing.majorId, ...values })
      : call(curriculumApi.saveMajor, { schoolId, ...values }),
  );
  const remove = useCurriculumMutation((majorId: string) =>
    call(curriculumApi.deleteMajors, { schoolId, ids: [majorId] }),
  );
  const years = [...new Set((majors.data ?? []).map((m) => m.enterYear))].sort((a, b) => b - a);
  const page = pageLocally(majors.data, query, {
    searchText: (m) => `${m.name} ${m.code} ${m.enterYear}级`,
    filterValue: (m, field) => (field === 'enterYear' ? m.enterYear : null),
  });
  const major = majors.data?.find((m) => m.majorId === chosen) ?? null;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <DataTable<Major>
        label="专业"
        rowKey="majorId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={majors.isFetching}
        searchPlaceholder="搜索专业名称、代码或级"
        emptyText={canEdit ? '还没有专业，点击“新增”或“批量导入”添加' : '还没有专业'}
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  新增
                </Button>
                <CurriculumImport kind="majors" />
              </>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'majors')} />
          </>
        }
        columns={[
          {
            key: 'enterYear',
            title: '入学年份',
            filters: years.map((y) => ({ text: `${y}级`, value: y })),
            render: (_, m) => `${m.enterYear}级`,
          },
          { key: 'name', title: '专业名称', dataIndex: 'name' },
          { key: 'code', title: '专业代码', render: (_, m) => m.code || '—' },
          { key: 'years', title: '学制', render: (_, m) => `${m.years}年` },
        ]}
        rowActions={(m) => (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setChosen(m.majorId)}>
              教学计划
            </Button>
            {canEdit ? (
              <RowActions
                onEdit={() => setEditing(m)}
                question={`确定删除${m.enterYear}级专业“${m.name}”吗？其教学计划和课次一并删除。`}
                onDelete={() => remove.mutateAsync(m.majorId)}
              />
            ) : null}
          </Space>
        )}
        actionsWidth={200}
      />
      {major ? <PlanPanel major={major} /> : null}
      <FormDialog<MajorValues>
        open={editing !== null}
        title={editing && editing !== 'new' ? `编辑专业：${editing.name}` : '新增专业'}
        onClose={() => setEditing(null)}
        onSubmit={(values) => save.mutateAsync(values)}
        initialValues={editing && editing !== 'new' ? editing : { enterYear: new Date().getFullYear(), years: 3 }}
      >
        <Form.Item name="enterYear" label="入学年份" required rules={[zodRule(fields.enterYear)]}>
          <InputNumber min={2000} max={2100} precision={0} />
        </Form.Item>
        <Form.Item name="name" label="专业名称" required rules={[zodRule(fields.name)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="code" label="专业代码" rules={[zodRule(fields.code)]}>
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="years" label="学制（年）" rules={[zodRule(fields.years)]}>
          <InputNumber min={1} max={6} precision={0} />
        </Form.Item>
      </FormDialog>
    </Space>
  );
}
