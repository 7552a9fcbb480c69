import {
  authApi,
  type OnlineExamCandidate,
  onlineExamApi,
  questionBankUserApi,
  type SchoolClass,
  schoolBaseApi,
} from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { onlineExamKeys } from '../queries.ts';

// 新建在线考试 (issue #18): from a 我的试卷 paper or an existing exam's structure (answer slots
// against a printed paper), for classes and/or single students; opened on the 在线考试 page and,
// through router.tsx's paper-action slot, from a row of 我的试卷.

type SourceKind = 'paper' | 'structure';

interface CreateForm {
  source: SourceKind;
  paperId?: string;
  fromSeId?: string;
  name: string;
  classIds?: string[];
  studentIds?: string[];
  window: [Dayjs, Dayjs];
  durationMinutes: number;
  shuffle: boolean;
  releaseAnswers: boolean;
}

/** 新建在线考试; `paperId` preselects the paper (opened from a 我的试卷 row). */
export function CreateOnlineExamDialog({
  paperId,
  paperTitle,
  onClose,
}: {
  paperId?: string;
  paperTitle?: string;
  onClose: () => void;
}) {
  const schoolId = readStoredUser()?.schoolId ?? '';
  const [form] = Form.useForm<CreateForm>();
  const queryClient = useQueryClient();
  const { selection } = useCurrentSelection();
  const termId = selection?.term.termId ?? '';
  const info = useQuery({
    queryKey: ['auth', 'user-info', readStoredUser()?.loginName ?? ''],
    queryFn: ({ signal }) => call(authApi.findUserInfo, {}, { signal }),
  });
  const userId = info.data?.user.userId ?? '';
  const papers = useQuery({
    queryKey: ['online-exam', 'papers', userId],
    queryFn: () => call(questionBankUserApi.getUserPapers, { userId, schoolId, pageIndex: 1, limit: 50 }),
    enabled: userId !== '',
  });
  const classes = useQuery({
    queryKey: ['online-exam', 'classes', schoolId, termId],
    queryFn: () => call(schoolBaseApi.classes, { schoolId, termId }) as Promise<SchoolClass[]>,
    enabled: termId !== '',
  });
  const source = Form.useWatch('source', form) ?? 'paper';
  const sources = useQuery({
    queryKey: ['online-exam', 'sources', schoolId],
    queryFn: () => call(onlineExamApi.findOnlineExamSources, { schoolId }),
    enabled: source === 'structure',
  });
  const [keyword, setKeyword] = useState('');
  const candidates = useQuery({
    queryKey: ['online-exam', 'candidates', schoolId, termId, keyword],
    queryFn: () => call(onlineExamApi.findOnlineExamStudents, { schoolId, termId, keyword }),
    enabled: termId !== '',
  });
  // Students chosen from earlier searches stay labelled (and give their grade) after the list changes.
  const [picked, setPicked] = useState<Map<string, OnlineExamCandidate>>(new Map());
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    const classIds = v.classIds ?? [];
    const studentIds = v.studentIds ?? [];
    const chosen = (classes.data ?? []).filter((c) => classIds.includes(c.classId));
    const gradeId = chosen[0]?.gradeId ?? picked.get(studentIds[0] ?? '')?.gradeId ?? '';
    setSaving(true);
    try {
      await call(onlineExamApi.saveOnlineExam, {
        schoolId,
        ...(v.source === 'structure' ? { fromSeId: v.fromSeId } : { paperId: v.paperId }),
        name: v.name,
        schyId: selection?.schoolYear.schyId ?? '',
        termId,
        gradeId,
        classIds,
        studentIds,
        opensAt: v.window[0].toISOString(),
        closesAt: v.window[1].toISOString(),
        durationMinutes: v.durationMinutes,
        shuffle: v.source === 'paper' && v.shuffle,
        releaseAnswers: v.releaseAnswers,
      });
      notifySuccess('在线考试已创建');
      await queryClient.invalidateQueries({ queryKey: onlineExamKeys.all });
      onClose();
    } finally {
      setSaving(false);
    }
  };
  const paperList = (
    papers.data as { list: { paperId: string; title: string; courseName: string | null }[] } | undefined
  )?.list;
  return (
    <Modal
      open
      title="新建在线考试"
      okText="创建"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          source: 'paper',
          paperId,
          name: paperTitle,
          durationMinutes: 40,
          shuffle: true,
          releaseAnswers: true,
          window: [dayjs(), dayjs().add(7, 'day')],
        }}
      >
        <Form.Item name="source" label="来源">
          <Radio.Group
            optionType="button"
            options={[
              { value: 'paper', label: '我的试卷' },
              { value: 'structure', label: '已有考试的结构' },
            ]}
          />
        </Form.Item>
        {source === 'structure' ? (
          <>
            <Form.Item
              name="fromSeId"
              label="考试科目（按其题号、题型、分值和答案作答）"
              rules={[{ required: true, message: '请选择考试科目' }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                loading={sources.isLoading}
                options={(sources.data ?? []).map((x) => ({
                  value: x.seId,
                  label: `${x.examName} · ${x.gradeName}${x.courseName}（${x.questionCount} 题，${x.fullMark} 分）`,
                }))}
                onChange={(_v, option) => {
                  if (!form.getFieldValue('name') && option && !Array.isArray(option)) {
                    form.setFieldValue(
                      'name',
                      `${String(option.label).replace(/（.*$/, '').replace(' · ', ' ')} 在线作答`,
                    );
                  }
                }}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary">
              已有考试只保存题号、题型、选项个数、分值和答案，不含题目文字：学生在屏幕上按题号作答，试卷请另行发放或展示。题序不打乱。
            </Typography.Paragraph>
          </>
        ) : null}
        <Form.Item
          name="paperId"
          label="试卷（我的试卷）"
          hidden={source !== 'paper'}
          rules={[{ required: source === 'paper', message: '请选择试卷' }]}
        >
          <Select
            options={(paperList ?? []).map((p) => ({
              value: p.paperId,
              label: `${p.title}（${p.courseName ?? '无学科'}）`,
            }))}
            onChange={(_v, option) => {
              if (!form.getFieldValue('name') && option && !Array.isArray(option)) {
                form.setFieldValue('name', String(option.label).replace(/（.*$/, ''));
              }
            }}
          />
        </Form.Item>
        <Form.Item name="name" label="考试名称" rules={[{ required: true, message: '请填写考试名称' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="classIds" label="参加班级">
          <Select mode="multiple" options={(classes.data ?? []).map((c) => ({ value: c.classId, label: c.name }))} />
        </Form.Item>
        <Form.Item
          name="studentIds"
          label="指定学生（可按姓名或学号搜索，只列出您任教班级的学生）"
          dependencies={['classIds']}
          rules={[
            {
              validator: (_rule, value: string[] | undefined) =>
                (value?.length ?? 0) > 0 || (form.getFieldValue('classIds')?.length ?? 0) > 0
                  ? Promise.resolve()
                  : Promise.reject(new Error('请选择班级或学生')),
            },
          ]}
        >
          <Select
            mode="multiple"
            aria-label="指定学生"
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={candidates.isFetching}
            options={[
              ...[...picked.values()].filter((p) => !(candidates.data ?? []).some((c) => c.studentId === p.studentId)),
              ...(candidates.data ?? []),
            ].map((c) => ({ value: c.studentId, label: `${c.name}（${c.className} ${c.studentNo}）` }))}
            onChange={(ids: string[]) => {
              const known = new Map([...picked, ...(candidates.data ?? []).map((c) => [c.studentId, c] as const)]);
              setPicked(new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : []))));
            }}
          />
        </Form.Item>
        <Form.Item name="window" label="开放时间" rules={[{ required: true, message: '请选择开放时间' }]}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item name="durationMinutes" label="考试时长（分钟）" rules={[{ required: true, message: '请填写时长' }]}>
          <InputNumber min={1} max={600} />
        </Form.Item>
        <Form.Item name="shuffle" label="打乱题序和选项" valuePropName="checked" hidden={source !== 'paper'}>
          <Switch />
        </Form.Item>
        <Form.Item name="releaseAnswers" label="公布成绩时同时公布答案和解析" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
