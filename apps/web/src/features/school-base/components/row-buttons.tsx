import { Button, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { alertDialog, notifySuccess } from '../../../lib/notify.ts';
import type { ResetPasswordResult } from '../mutations.ts';

export interface DeleteButtonProps {
  /** The question, naming what goes, e.g. 确定删除学生“张三”吗？ */
  question: string;
  onDelete: () => Promise<unknown>;
}

/**
 * 删除 with a confirmation. A refusal (something still uses the row) comes back as the server's
 * message, shown as-is by the api-client.
 */
export function DeleteButton({ question, onDelete }: DeleteButtonProps) {
  const [running, setRunning] = useState(false);
  return (
    <Popconfirm
      title={question}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: true, loading: running }}
      onConfirm={async () => {
        setRunning(true);
        try {
          await onDelete();
          notifySuccess('删除成功');
        } catch {
          // Shown by the api-client.
        } finally {
          setRunning(false);
        }
      }}
    >
      <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
        删除
      </Button>
    </Popconfirm>
  );
}

export interface ResetPasswordButtonProps {
  /** Whose password, e.g. 学生“张三”. */
  who: string;
  onReset: () => Promise<ResetPasswordResult>;
}

/** 重置密码: an administrator reset; the new password is shown once, and must be changed at next login. */
export function ResetPasswordButton({ who, onReset }: ResetPasswordButtonProps) {
  return (
    <Popconfirm
      title={`确定重置${who}的密码吗？`}
      description="重置后，该用户下次登录时必须修改密码。"
      okText="确定"
      cancelText="取消"
      onConfirm={async () => {
        try {
          const result = await onReset();
          alertDialog({
            title: '密码已重置',
            width: 420,
            content: (
              <div data-testid="reset-password-result">
                <p>
                  账号：<Typography.Text copyable>{result.loginName}</Typography.Text>
                </p>
                <p>
                  新密码：<Typography.Text copyable>{result.password}</Typography.Text>
                </p>
                <Typography.Text type="secondary">请转告本人，登录后需修改密码。此密码只显示这一次。</Typography.Text>
              </div>
            ),
          });
        } catch {
          // Shown by the api-client.
        }
      }}
    >
      <Button type="link" size="small" style={{ paddingInline: 4 }}>
        重置密码
      </Button>
    </Popconfirm>
  );
}

export interface EditButtonProps {
  onClick: () => void;
  label?: string;
}

export function EditButton({ onClick, label = '编辑' }: EditButtonProps) {
  return (
    <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={onClick}>
      {label}
    </Button>
  );
}
