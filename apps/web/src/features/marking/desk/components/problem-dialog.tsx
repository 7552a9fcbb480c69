import { PROBLEM_REASONS } from '@huikao/contracts';
import { Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';

type Reason = (typeof PROBLEM_REASONS)[number];

/** 问题卷: a reason and a note; the paper leaves the marker's queue for the 题组长's. */
export function ProblemDialog(props: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onFlag: (reason: Reason, note: string) => void;
}) {
  const [reason, setReason] = useState<Reason>('图像不清');
  const [note, setNote] = useState('');
  return (
    <Modal
      title="标记问题卷"
      open={props.open}
      okText="提交问题卷"
      confirmLoading={props.busy}
      onCancel={props.onCancel}
      onOk={() => props.onFlag(reason, note)}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group
          aria-label="问题卷原因"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          options={PROBLEM_REASONS.map((r) => ({ value: r, label: r }))}
        />
        <Input.TextArea
          aria-label="问题说明"
          placeholder="说明（原因为“其他”时必填）"
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </Space>
    </Modal>
  );
}
