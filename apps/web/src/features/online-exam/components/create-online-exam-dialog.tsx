import { authApi, onlineExamApi, questionBankUserApi, type SchoolClass, schoolBaseApi } from '@huikao/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DatePicker, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { readStoredUser } from '../../../lib/session.ts';
import { onlineExamKeys } from '../queries.ts';

// 新建在线考试 (issue #18): from a 我的试卷 paper, for classes; opened on the 在线考试 page and,
// through router.tsx's paper-action slot, from a row of 我的试卷.

interface CreateForm {
  paperId: string;
  name: string;
  classIds: string[];
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
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    const chosen = (classes.data ?? []).filter((c) => v.classIds.includes(c.classId));
    setSaving(true);
    try {
      await call(onlineExamApi.saveOnlineExam, {
        schoolId,
        paperId: v.paperId,
        name: v.name,
        schyId: selection?.schoolYear.schyId ?? '',
        termId,
        gradeId: chosen[0]?.gradeId ?? '',
        classIds: v.classIds,
        opensAt: v.window[0].toISOString(),
        closesAt: v.window[1].toISOString(),
        durationMinutes: v.durationMinutes,
        shuffle: v.shuffle,
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
          paperId,
          name: paperTitle,
          durationMinutes: 40,
          shuffle: true,
          releaseAnswers: true,
          window: [dayjs(), dayjs().add(7, 'day')],
        }}
      >
        <Form.Item name="paperId" label="试卷（我的试卷）" rules={[{ required: true, message: '请选择试卷' }]}>
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
        <Form.Item name="classIds" label="参加班级" rules={[{ required: true, message: '请选择班级' }]}>
          <Select mode="multiple" options={(classes.data ?? []).map((c) => ({ value: c.classId, label: c.name }))} />
        </Form.Item>
        <Form.Item name="window" label="开放时间" rules={[{ required: true, message: '请选择开放时间' }]}>
          <DatePicker.RangePicker showTime />
        </Form.Item>
        <Form.Item name="durationMinutes" label="考试时长（分钟）" rules={[{ required: true, message: '请填写时长' }]}>
          <InputNumber min={1} max={600} />
        </Form.Item>
        <Form.Item name="shuffle" label="打乱题序和选项" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="releaseAnswers" label="公布成绩时同时公布答案和解析" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
