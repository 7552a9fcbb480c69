import type { ExamStudent, MultiExam } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Flex, Input, Popconfirm, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DataTable, pageLocally, useTableQuery } from '../../../components/data-table.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useExamContext } from '../exam-context.ts';
import { useAddExamClasses, useRemoveExamStudents, useUpdateExamStudents } from '../mutations.ts';
import { examQueries } from '../queries.ts';
import { chosenSubject, SubjectTabs } from './subject-tabs.tsx';

type StudentEdit = Partial<Pick<ExamStudent, 'absent' | 'examNo' | 'room'>>;

export interface ExamStudentsStepProps {
  exam: MultiExam;
  editable: boolean;
}

/** ③ 考生: per subject, the classes sitting it, and each student's 缺考, 考号 and 考场. */
export function ExamStudentsStep({ exam, editable }: ExamStudentsStepProps) {
  const { schoolId } = useExamContext();
  const [seId, setSeId] = useState('');
  const subject = chosenSubject(exam.singleExams, seId);
  const students = useQuery(examQueries.students(schoolId, subject?.seId ?? ''));
  const classes = useQuery(examQueries.classes(schoolId, exam.termId));
  const [classIds, setClassIds] = useState<string[]>([]);
  const [allSubjects, setAllSubjects] = useState(true);
  const [query, setQuery] = useTableQuery();
  const [selected, setSelected] = useState<string[]>([]);
  const [edits, setEdits] = useState<Map<string, StudentEdit>>(new Map());
  const addClasses = useAddExamClasses();
  const update = useUpdateExamStudents();
  const remove = useRemoveExamStudents();

  // Another subject: nothing selected or edited carries over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the subject changes
  useEffect(() => {
    setSelected([]);
    setEdits(new Map());
  }, [subject?.seId]);

  if (!subject) return <SubjectTabs subjects={exam.singleExams} value="" onChange={setSeId} />;

  const gradeClasses = (classes.data ?? []).filter((c) => c.gradeId === exam.gradeId && !c.graduated);
  const rows = (students.data?.list ?? []).map((student) => ({ ...student, ...edits.get(student.esId) }));
  const page = pageLocally(rows, query, {
    searchText: (s) => `${s.name} ${s.studentNo} ${s.className} ${s.examNo ?? ''}`,
  });

  function edit(esIds: readonly string[], change: StudentEdit) {
    setEdits((current) => {
      const next = new Map(current);
      for (const esId of esIds) next.set(esId, { ...current.get(esId), ...change });
      return next;
    });
  }

  async function addStudents() {
    if (classIds.length === 0 || !subject) return;
    const targets = allSubjects ? exam.singleExams : [subject];
    try {
      let added = 0;
      for (const target of targets) {
        added += (await addClasses.mutateAsync({ meId: exam.meId, seId: target.seId, classIds })).added;
      }
      notifySuccess('考生已添加', `${targets.map((t) => t.courseName).join('、')}：新增 ${added} 人次`);
      setClassIds([]);
    } catch {
      // Shown by the api-client.
    }
  }

  async function saveEdits() {
    if (!subject || edits.size === 0) return;
    try {
      const { updated } = await update.mutateAsync({
        meId: exam.meId,
        seId: subject.seId,
        students: [...edits].map(([esId, change]) => ({ esId, ...change })),
      });
      setEdits(new Map());
      notifySuccess('考生信息已保存', `更新 ${updated} 人`);
    } catch {
      // Shown by the api-client.
    }
  }

  async function removeSelected() {
    if (!subject) return;
    const studentIds = rows.filter((row) => selected.includes(row.esId)).map((row) => row.studentId);
    try {
      const { deleted } = await remove.mutateAsync({ meId: exam.meId, seId: subject.seId, studentIds });
      setSelected([]);
      notifySuccess('已移出考试', `${deleted} 人`);
    } catch {
      // Shown by the api-client.
    }
  }

  const toolbar = editable ? (
    <Space wrap>
      <Button disabled={selected.length === 0} onClick={() => edit(selected, { absent: true })}>
        设为缺考
      </Button>
      <Button disabled={selected.length === 0} onClick={() => edit(selected, { absent: false })}>
        取消缺考
      </Button>
      <Popconfirm
        title={`确定把选中的 ${selected.length} 名考生移出${subject.courseName}考试吗？`}
        description="他们这一科的成绩会一起删除。"
        okText="确定"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        onConfirm={removeSelected}
        disabled={selected.length === 0}
      >
        <Button danger disabled={selected.length === 0}>
          移出考试
        </Button>
      </Popconfirm>
      <Button type="primary" disabled={edits.size === 0} loading={update.isPending} onClick={() => void saveEdits()}>
        保存修改{edits.size > 0 ? `（${edits.size}）` : ''}
      </Button>
    </Space>
  ) : undefined;

  return (
    <Flex vertical gap={12}>
      <SubjectTabs subjects={exam.singleExams} value={subject.seId} onChange={setSeId} />
      {editable ? (
        <Space wrap>
          <Select<string[]>
            aria-label="添加班级"
            mode="multiple"
            placeholder="选择要参加考试的班级"
            style={{ minWidth: 320 }}
            loading={classes.isLoading}
            value={classIds}
            onChange={setClassIds}
            showSearch={{ optionFilterProp: 'label' }}
            options={gradeClasses.map((c) => ({ value: c.classId, label: c.name }))}
          />
          <Checkbox checked={allSubjects} onChange={(event) => setAllSubjects(event.target.checked)}>
            同时添加到所有科目
          </Checkbox>
          <Button type="primary" disabled={classIds.length === 0} loading={addClasses.isPending} onClick={addStudents}>
            添加考生
          </Button>
        </Space>
      ) : null}
      <Typography.Text type="secondary">
        {subject.courseName}：{subject.studentCount} 名考生，缺考 {subject.absentCount} 人
      </Typography.Text>
      <DataTable<ExamStudent>
        label="考生"
        rowKey="esId"
        query={query}
        onQueryChange={setQuery}
        page={page}
        loading={students.isFetching}
        searchPlaceholder="输入姓名、学号或考号搜索"
        toolbar={toolbar}
        emptyText="还没有考生，请选择班级添加"
        rowSelection={
          editable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        columns={[
          { key: 'studentNo', title: '学号', dataIndex: 'studentNo' },
          { key: 'name', title: '姓名', dataIndex: 'name' },
          { key: 'className', title: '班级', dataIndex: 'className' },
          {
            key: 'examNo',
            title: '考号',
            render: (_v, row) =>
              editable ? (
                <Input
                  aria-label={`${row.name}考号`}
                  size="small"
                  maxLength={30}
                  style={{ width: 140 }}
                  value={row.examNo ?? ''}
                  onChange={(event) => edit([row.esId], { examNo: event.target.value || null })}
                />
              ) : (
                (row.examNo ?? '—')
              ),
          },
          {
            key: 'room',
            title: '考场',
            render: (_v, row) =>
              editable ? (
                <Input
                  aria-label={`${row.name}考场`}
                  size="small"
                  maxLength={30}
                  style={{ width: 120 }}
                  value={row.room ?? ''}
                  onChange={(event) => edit([row.esId], { room: event.target.value || null })}
                />
              ) : (
                (row.room ?? '—')
              ),
          },
          {
            key: 'absent',
            title: '缺考',
            render: (_v, row) =>
              editable ? (
                <Switch
                  aria-label={`${row.name}缺考`}
                  size="small"
                  checked={row.absent}
                  onChange={(absent) => edit([row.esId], { absent })}
                />
              ) : row.absent ? (
                <Tag color="warning">缺考</Tag>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Flex>
  );
}
