import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Form, Input } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { zodRule } from '../lib/form-rules.ts';
import { installFakeNotify } from '../lib/test-fakes.ts';
import { FormDialog } from './form-dialog.tsx';
import { UiConfigProvider } from './ui-config-provider.tsx';

interface ClassValues {
  name: string;
}

/** The contract's kind of field schema: the message is the server's. */
const nameSchema = {
  safeParse: (value: unknown) =>
    typeof value === 'string' && value.trim()
      ? ({ success: true } as const)
      : ({ success: false, error: { issues: [{ message: '请输入班级名称' }] } } as const),
};

let notify: ReturnType<typeof installFakeNotify>;
beforeEach(() => {
  notify = installFakeNotify();
});
afterEach(() => {
  cleanup();
  notify.unregister();
});

/** A list page: 新增 and 编辑 open the same dialog, which shares one form instance across openings. */
function Page({ onSubmit }: { onSubmit: (values: ClassValues) => Promise<unknown> }) {
  const [editing, setEditing] = useState<ClassValues | 'new' | null>(null);
  const [form] = Form.useForm<ClassValues>();
  return (
    <UiConfigProvider>
      {/* No animations: a closed dialog unmounts at once, as after its animation in a browser. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <button type="button" onClick={() => setEditing('new')}>
          新增
        </button>
        <button type="button" onClick={() => setEditing({ name: '八年级(1)班' })}>
          编辑
        </button>
        <FormDialog<ClassValues>
          open={editing !== null}
          title={editing === 'new' ? '新增班级' : '编辑班级'}
          form={form}
          initialValues={editing === 'new' || editing === null ? {} : editing}
          onClose={() => setEditing(null)}
          onSubmit={onSubmit}
        >
          <Form.Item label="班级名称" name="name" required rules={[zodRule(nameSchema)]}>
            <Input />
          </Form.Item>
        </FormDialog>
      </ConfigProvider>
    </UiConfigProvider>
  );
}

const ok = () => screen.getByRole('button', { name: '确定' });

describe('FormDialog', () => {
  it('shows the contract’s message and saves nothing while a field is wrong', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<Page onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('新增'));
    fireEvent.click(ok());
    await screen.findByText('请输入班级名称');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves the values, says so and closes; a refused save keeps the dialog open', async () => {
    const onSubmit = vi.fn<(values: ClassValues) => Promise<unknown>>();
    onSubmit.mockRejectedValueOnce(new Error('班级名称已存在')).mockResolvedValueOnce(undefined);
    render(<Page onSubmit={onSubmit} />);
    fireEvent.click(screen.getByText('新增'));
    fireEvent.change(screen.getByLabelText('班级名称'), { target: { value: '八年级(2)班' } });
    fireEvent.click(ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(ok());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit).toHaveBeenLastCalledWith({ name: '八年级(2)班' });
    await waitFor(() => expect(notify.notifications.map((n) => n.title)).toEqual(['保存成功']));
  });

  it('starts every opening from its own values, whatever the last one left', async () => {
    render(<Page onSubmit={async () => undefined} />);
    fireEvent.click(screen.getByText('新增'));
    fireEvent.change(screen.getByLabelText('班级名称'), { target: { value: '没保存的名字' } });
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByLabelText('班级名称')).toBeNull());

    fireEvent.click(screen.getByText('编辑'));
    await waitFor(() => expect((screen.getByLabelText('班级名称') as HTMLInputElement).value).toBe('八年级(1)班'));
  });
});
