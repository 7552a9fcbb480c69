import type { ExamRoom, RoomInput } from '@huikao/contracts';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { type BulkValues, bulkRooms } from './room-names.ts';

// The two forms of 考场编排: 批量新增考场 (e.g. 20 rooms of 30 seats, named 第01考场, 第02考场 …) and
// 修改考场. Their limits are the contract's (seats 1–200, 1–20 to a row); the server checks them again.

export interface BulkRoomsDialogProps {
  open: boolean;
  /** Rooms already in the exam: numbering continues after them. */
  existing: number;
  saving: boolean;
  onClose: () => void;
  onSubmit: (rooms: RoomInput[]) => void;
}

export function BulkRoomsDialog({ open, existing, saving, onClose, onSubmit }: BulkRoomsDialogProps) {
  const [form] = Form.useForm<BulkValues>();
  useEffect(() => {
    if (open) form.setFieldsValue({ count: 10, seatCount: 30, columns: 6, firstNo: existing + 1, location: '' });
  }, [open, existing, form]);
  return (
    <Modal
      title="批量新增考场"
      open={open}
      onCancel={onClose}
      okText="新增"
      confirmLoading={saving}
      onOk={async () => onSubmit(bulkRooms(await form.validateFields()))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item label="考场数量" name="count" rules={[{ required: true, message: '请填写考场数量' }]}>
          <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="每个考场座位数" name="seatCount" rules={[{ required: true, message: '请填写座位数' }]}>
          <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          label="每排座位数"
          name="columns"
          extra="同一排相邻的座位算作“相邻”，随机编排时同班考生不会相邻"
          rules={[{ required: true, message: '请填写每排座位数' }]}
        >
          <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="起始编号" name="firstNo" rules={[{ required: true, message: '请填写起始编号' }]}>
          <InputNumber min={1} max={999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="地点（选填）" name="location">
          <Input maxLength={50} placeholder="例如：教学楼三层" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export interface EditRoomDialogProps {
  room: ExamRoom | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: (input: { roomId: string } & RoomInput) => void;
}

export function EditRoomDialog({ room, saving, onClose, onSubmit }: EditRoomDialogProps) {
  const [form] = Form.useForm<RoomInput>();
  useEffect(() => {
    if (room) form.setFieldsValue(room);
  }, [room, form]);
  return (
    <Modal
      title="修改考场"
      open={room !== null}
      onCancel={onClose}
      okText="保存"
      confirmLoading={saving}
      onOk={async () => onSubmit({ roomId: room!.roomId, ...(await form.validateFields()) })}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          label="考场名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '考场名称不能为空' }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item label="地点" name="location">
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item label="座位数" name="seatCount" rules={[{ required: true, message: '请填写座位数' }]}>
          <InputNumber min={1} max={200} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label="每排座位数" name="columns" rules={[{ required: true, message: '请填写每排座位数' }]}>
          <InputNumber min={1} max={20} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {/* Names, not accounts: invigilators may come from outside the school. Typed and confirmed with
            Enter (or a comma); the contract allows six of at most 20 characters. */}
        <Form.Item
          label="监考教师"
          name="invigilators"
          extra="输入姓名后按回车，最多6人"
          rules={[{ type: 'array', max: 6, message: '每个考场最多6名监考教师' }]}
        >
          <Select mode="tags" tokenSeparators={[',', '，', '、']} open={false} suffixIcon={null} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
