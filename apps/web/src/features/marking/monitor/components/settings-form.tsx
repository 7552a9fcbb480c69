import { markingMonitorApi as api, type MonitorSettings } from '@huikao/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, InputNumber, Space } from 'antd';
import { call } from '../../../../lib/api-client.ts';
import { notifySuccess } from '../../../../lib/notify.ts';

/** Drift thresholds and the 抽查 quota of a 题块 (marking.md "Drift", "Spot check"). */
export function SettingsForm({ blockId, settings }: { blockId: string; settings: MonitorSettings }) {
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (v: MonitorSettings) => call(api.saveSettings, { blockId, ...v }),
    onSuccess: () => {
      notifySuccess('已保存监控设置');
      return client.invalidateQueries({ queryKey: ['markMonitor', 'block', blockId] });
    },
  });
  return (
    <Form
      layout="inline"
      initialValues={{ ...settings, driftMinAgreement: Math.round(settings.driftMinAgreement * 100) }}
      onFinish={(v: MonitorSettings) => save.mutate({ ...v, driftMinAgreement: v.driftMinAgreement / 100 })}
    >
      <Form.Item label="均分偏离超过(分)" name="driftMeanPoints" rules={[{ required: true, message: '请填写' }]}>
        <InputNumber min={0} step={0.5} />
      </Form.Item>
      <Form.Item label="一致率低于(%)" name="driftMinAgreement" rules={[{ required: true, message: '请填写' }]}>
        <InputNumber min={0} max={100} />
      </Form.Item>
      <Form.Item label="抽查数量" name="spotCheckQuota" rules={[{ required: true, message: '请填写' }]}>
        <InputNumber min={0} precision={0} />
      </Form.Item>
      <Space>
        <Button htmlType="submit" loading={save.isPending}>
          保存设置
        </Button>
      </Space>
    </Form>
  );
}
