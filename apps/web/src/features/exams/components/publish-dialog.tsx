import type { MultiExam, ScoreConfig } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Checkbox, Divider, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { HIDDEN_OPTION_CHOICES, hiddenOptionsOf, hiddenSettingOf } from '../hidden-options.ts';
import { managerQueries, useManagerContext, usePublishExam, useSaveExamSettings } from '../manager-queries.ts';
import { classIdsToSend, pickScoreConfig, publishSettingsOf } from '../settings-form.ts';
import { acceptConfig, SettingsConfigFields } from './settings-config-fields.tsx';

type PublishValues = ScoreConfig & {
  classIds: string[];
  elaId: string | null;
  hiddenOptions: number[];
  toStudents: boolean;
};

export interface PublishDialogProps {
  /** The exam published (已完成) or whose settings change (已发布); null when closed. */
  exam: MultiExam | null;
  /** `publish`: 发布 an 已完成 exam; `settings`: change the settings of a published one. */
  mode: 'publish' | 'settings';
  onClose: () => void;
}

/**
 * Publishing an exam to analysis (and to its students): the classes analysed (all by default), the
 * lines and the other analysis settings, the level scheme and what students may see.
 */
export function PublishDialog({ exam, mode, onClose }: PublishDialogProps) {
  const { schoolId } = useManagerContext();
  const [form] = Form.useForm<PublishValues>();
  const classes = useQuery(managerQueries.examClasses(schoolId, exam));
  const schemes = useQuery({ ...managerQueries.ela(schoolId), enabled: exam !== null });
  const publish = usePublishExam();
  const saveSettings = useSaveExamSettings();

  const examClasses = [...(classes.data ?? [])].sort((a, b) =>
    a.name.localeCompare(b.name, 'zh-CN', { numeric: true }),
  );
  const examClassIds = examClasses.map((schoolClass) => schoolClass.classId);
  const start = exam ? publishSettingsOf(exam.settings, examClassIds) : null;

  const [saving, setSaving] = useState(false);
  async function confirm() {
    try {
      await form.validateFields();
    } catch {
      return; // the messages show under the fields
    }
    setSaving(true);
    try {
      await submit(form.getFieldsValue(true) as PublishValues);
      notifySuccess(mode === 'publish' ? '发布成功' : '保存成功');
      onClose();
    } catch {
      // Shown under the fields or by the api-client.
    } finally {
      setSaving(false);
    }
  }

  // Not FormDialog: its reset on opening leaves a Form.List (the lines) with empty rows.
  async function submit(values: PublishValues) {
    if (!exam) return;
    const config = pickScoreConfig(values);
    if (!acceptConfig(form, config)) throw new Error('invalid settings');
    const chosen = values.classIds ?? [];
    const settings = { ...config, classIds: classIdsToSend(chosen, examClassIds), elaId: values.elaId ?? null };
    const hiddenStudentOrder = hiddenSettingOf(values.hiddenOptions ?? []);
    // publishMultiExam takes no student-view setting: a changed one is saved with the settings first.
    if (mode === 'settings' || hiddenStudentOrder !== exam.hiddenStudentOrder) {
      await saveSettings.mutateAsync({ meId: exam.meId, settings, hiddenStudentOrder });
    }
    if (mode === 'publish') {
      await publish.mutateAsync({ meId: exam.meId, toStudents: Boolean(values.toStudents), settings });
    }
  }

  const ready = exam !== null && !classes.isLoading && start !== null;
  return (
    <Modal
      title={mode === 'publish' ? `发布考试：${exam?.name ?? ''}` : `分析设置：${exam?.name ?? ''}`}
      open={exam !== null && ready}
      width={960}
      okText="确定"
      cancelText="取消"
      onOk={() => void confirm()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<PublishValues>
        form={form}
        layout="vertical"
        autoComplete="off"
        initialValues={
          start && exam
            ? {
                ...start,
                hiddenOptions: hiddenOptionsOf(exam.hiddenStudentOrder),
                toStudents: mode === 'publish' ? true : exam.publishedToStudents,
              }
            : undefined
        }
      >
        <Form.Item
          label="参与分析的班级"
          name="classIds"
          rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个班级' }]}
        >
          {examClasses.length > 0 ? (
            <Checkbox.Group
              options={examClasses.map((schoolClass) => ({ value: schoolClass.classId, label: schoolClass.name }))}
            />
          ) : (
            <Typography.Text type="secondary">本次考试还没有考生</Typography.Text>
          )}
        </Form.Item>
        <Form.Item label="等级赋分方案" name="elaId" extra="用于按等级赋分的学科；不选则不赋分">
          <Select
            allowClear
            placeholder="不使用等级赋分"
            loading={schemes.isLoading}
            options={(schemes.data ?? []).map((scheme) => ({
              value: scheme.elaId,
              label: scheme.builtIn ? `${scheme.name}（内置）` : scheme.name,
            }))}
            style={{ maxWidth: 360 }}
          />
        </Form.Item>
        <Form.Item label="学生查看设置" name="hiddenOptions" extra="勾选的内容对学生隐藏">
          <Checkbox.Group options={HIDDEN_OPTION_CHOICES} />
        </Form.Item>
        {mode === 'publish' ? (
          <Form.Item name="toStudents" valuePropName="checked">
            <Checkbox>同时发布给学生</Checkbox>
          </Form.Item>
        ) : exam?.publishedToStudents ? (
          <Alert type="info" showIcon title="本次考试已发布给学生" style={{ marginBottom: 12 }} />
        ) : null}
        <Divider plain>分析设置</Divider>
        <SettingsConfigFields />
      </Form>
    </Modal>
  );
}
