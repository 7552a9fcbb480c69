import { PlusOutlined } from '@ant-design/icons';
import { ASSESSMENTS, curriculumApi, type Major, type MajorLesson, type MajorPlan } from '@huikao/contracts';
import { Button, Card, Form, Input, InputNumber, List, Select } from 'antd';
import { useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { call } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { exportList, useCourses, useCurriculumContext, useCurriculumMutation, useLessons, usePlans } from '../api.ts';
import { CurriculumImport } from './curriculum-import.tsx';
import { RowActions } from './row-actions.tsx';

const planFields = curriculumApi.savePlan.params.shape;
const lessonFields = curriculumApi.saveLesson.params.shape;
type PlanValues = {
  term: number;
  courseId: string;
  hours: number;
  credits: number;
  assessment: MajorPlan['assessment'];
};
type LessonValues = { lessonNo: number; title: string; hours: number };

/** 教学计划 of one major: courses by term; each row opens to its lessons (课次). */
export function PlanPanel({ major }: { major: Major }) {
  const { schoolId, canEdit } = useCurriculumContext();
  const plans = usePlans(schoolId, major.majorId);
  const lessons = useLessons(schoolId, major.majorId);
  const courses = useCourses(schoolId);
  const [query, setQuery] = useTableQuery({ pageSize: 100 });
  const [editing, setEditing] = useState<MajorPlan | 'new' | null>(null);
  // The lesson dialog: a new lesson of a plan row, or (lesson set) one to edit.
  const [lessonFor, setLessonFor] = useState<{ plan: MajorPlan; lesson: MajorLesson | null } | null>(null);
  const save = useCurriculumMutation((values: PlanValues) =>
    editing && editing !== 'new'
      ? call(curriculumApi.updatePlan, { schoolId, planId: editing.planId, ...values })
      : call(curriculumApi.savePlan, { schoolId, majorId: major.majorId, ...values }),
  );
  const remove = useCurriculumMutation((planId: string) =>
    call(curriculumApi.deletePlans, { schoolId, ids: [planId] }),
  );
  const saveLesson = useCurriculumMutation((values: LessonValues) =>
    lessonFor?.lesson
      ? call(curriculumApi.updateLesson, { schoolId, lessonId: lessonFor.lesson.lessonId, ...values })
      : call(curriculumApi.saveLesson, { schoolId, planId: lessonFor!.plan.planId, ...values }),
  );
  const removeLesson = useCurriculumMutation((lessonId: string) =>
    call(curriculumApi.deleteLessons, { schoolId, ids: [lessonId] }),
  );
  const page = pageLocally(plans.data, query, { searchText: (p) => `${p.courseName} 第${p.term}学期` });
  const title = `${major.enterYear}级${major.name} 教学计划`;

  return (
    <Card title={title} size="small">
      <DataTable<MajorPlan>
        label="教学计划"
        rowKey="planId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={plans.isFetching}
        searchPlaceholder="搜索课程"
        emptyText="还没有教学计划"
        toolbar={
          <>
            {canEdit ? (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  添加课程
                </Button>
                <CurriculumImport kind="plans" majorId={major.majorId} />
              </>
            ) : null}
            <ExportButton onExport={() => exportList(schoolId, 'plans', major.majorId)} />
          </>
        }
        columns={[
          { key: 'term', title: '学期', render: (_, p) => `第${p.term}学期` },
          { key: 'courseName', title: '课程', dataIndex: 'courseName' },
          { key: 'hours', title: '学时', dataIndex: 'hours' },
          { key: 'credits', title: '学分', dataIndex: 'credits' },
          { key: 'assessment', title: '考核方式', dataIndex: 'assessment' },
        ]}
        expandable={{
          expandedRowRender: (plan) => (
            <List
              size="small"
              header={
                canEdit ? (
                  <Button size="small" icon={<PlusOutlined />} onClick={() => setLessonFor({ plan, lesson: null })}>
                    添加课次
                  </Button>
                ) : (
                  '课次'
                )
              }
              locale={{ emptyText: '还没有课次' }}
              dataSource={(lessons.data ?? []).filter((l) => l.planId === plan.planId)}
              renderItem={(l) => (
                <List.Item
                  aria-label={`第${l.lessonNo}次课`}
                  actions={
                    canEdit
                      ? [
                          <RowActions
                            key="actions"
                            onEdit={() => setLessonFor({ plan, lesson: l })}
                            question={`确定删除第${l.lessonNo}次课“${l.title}”吗？`}
                            onDelete={() => removeLesson.mutateAsync(l.lessonId)}
                          />,
                        ]
                      : undefined
                  }
                >
                  第{l.lessonNo}次课：{l.title}（{l.hours}学时）
                </List.Item>
              )}
            />
          ),
        }}
        rowActions={
          canEdit
            ? (plan) => (
                <RowActions
                  onEdit={() => setEditing(plan)}
                  question={`确定从教学计划中删除第${plan.term}学期的“${plan.courseName}”吗？`}
                  onDelete={() => remove.mutateAsync(plan.planId)}
                />
              )
            : undefined
        }
      />
      <FormDialog<PlanValues>
        open={editing !== null}
        title={editing && editing !== 'new' ? '编辑教学计划' : '添加课程到教学计划'}
        onClose={() => setEditing(null)}
        onSubmit={(values) => save.mutateAsync(values)}
        initialValues={editing && editing !== 'new' ? editing : { term: 1, hours: 0, credits: 0, assessment: '考试' }}
      >
        <Form.Item name="term" label="学期" required rules={[zodRule(planFields.term)]}>
          <InputNumber min={1} max={major.years * 2} precision={0} />
        </Form.Item>
        <Form.Item name="courseId" label="课程" required rules={[zodRule(planFields.courseId)]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(courses.data ?? []).map((c) => ({ value: c.courseId, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="hours" label="学时" rules={[zodRule(planFields.hours)]}>
          <InputNumber min={0} max={2000} precision={0} />
        </Form.Item>
        <Form.Item name="credits" label="学分" rules={[zodRule(planFields.credits)]}>
          <InputNumber min={0} max={50} step={0.5} />
        </Form.Item>
        <Form.Item name="assessment" label="考核方式">
          <Select options={ASSESSMENTS.map((a) => ({ value: a, label: a }))} />
        </Form.Item>
      </FormDialog>
      <FormDialog<LessonValues>
        open={lessonFor !== null}
        title={`${lessonFor?.lesson ? '编辑课次' : '添加课次'}：${lessonFor?.plan.courseName ?? ''}`}
        onClose={() => setLessonFor(null)}
        onSubmit={(values) => saveLesson.mutateAsync(values)}
        initialValues={
          lessonFor?.lesson ?? {
            lessonNo: (lessons.data ?? []).filter((l) => l.planId === lessonFor?.plan.planId).length + 1,
            hours: 2,
          }
        }
      >
        <Form.Item name="lessonNo" label="课次" required rules={[zodRule(lessonFields.lessonNo)]}>
          <InputNumber min={1} max={500} precision={0} />
        </Form.Item>
        <Form.Item name="title" label="授课内容" required rules={[zodRule(lessonFields.title)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="hours" label="学时" rules={[zodRule(lessonFields.hours)]}>
          <InputNumber min={1} max={20} precision={0} />
        </Form.Item>
      </FormDialog>
    </Card>
  );
}
