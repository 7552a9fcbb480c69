import { authApi, newPasswordProblem, PASSWORD_MESSAGES, type StoredUser } from '@huikao/contracts';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../lib/api-client.ts';
import { navigateTo } from '../lib/navigation.ts';
import { alertDialog, confirmDialog, notifyError, notifySuccess } from '../lib/notify.ts';
import { clearSession } from '../lib/session.ts';

export const CHANGE_PASSWORD_TEXT = {
  title: '修改密码',
  oldLabel: '原始密码',
  newLabel: '新密码',
  confirmLabel: '确认密码',
  discard: '确定放弃修改密码吗？',
  forced: '管理员已重置您的密码，请先修改密码',
  failed: '密码修改失败',
  succeeded: '密码修改成功',
  relogin: '密码已修改，请重新登录',
} as const;

interface PasswordFields {
  oldPsw?: string;
  newPsw?: string;
  confirmPsw?: string;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  /** After an administrator reset: no close button, no cancel, no Esc. */
  forced: boolean;
  user: Pick<StoredUser, 'schoolId' | 'userCode' | 'type'> | null;
  onClose: () => void;
  /** Offered in forced mode, where the dialog cannot be closed otherwise. */
  onLogout?: () => void;
}

/**
 * Spec §4/§5 change-password dialog: checks on blur with the spec's exact messages (from contracts),
 * the new password only once the old one is filled, a confirmation before discarding typed input,
 * and a forced re-login after success because the server revokes the session.
 */
export function ChangePasswordDialog({ open, forced, user, onClose, onLogout }: ChangePasswordDialogProps) {
  const [form] = Form.useForm<PasswordFields>();
  const [submitting, setSubmitting] = useState(false);
  const oldPsw = Form.useWatch('oldPsw', form);
  const newPsw = Form.useWatch('newPsw', form);

  function requestClose() {
    if (forced || submitting) return;
    const values = form.getFieldsValue();
    const typed = Boolean(values.oldPsw || values.newPsw || values.confirmPsw);
    if (!typed) {
      onClose();
      return;
    }
    confirmDialog({ title: '系统提示', content: CHANGE_PASSWORD_TEXT.discard, onOk: onClose });
  }

  async function submit() {
    if (!user) return;
    let values: PasswordFields;
    try {
      values = await form.validateFields();
    } catch {
      return; // antd already shows the messages under the fields
    }
    setSubmitting(true);
    try {
      await call(
        authApi.updatePsw,
        {
          schoolId: user.schoolId,
          userCode: user.userCode,
          type: user.type,
          oldPsw: values.oldPsw ?? '',
          newPsw: values.newPsw ?? '',
        },
        { silent: true },
      );
    } catch (error) {
      // 401 already showed the session dialog; everything else is explained here (spec §8).
      if (!(error instanceof ApiError && error.kind === 'unauthorized')) {
        notifyError(CHANGE_PASSWORD_TEXT.failed, error instanceof Error ? error.message : undefined);
      }
      return;
    } finally {
      setSubmitting(false);
    }
    notifySuccess(CHANGE_PASSWORD_TEXT.succeeded);
    onClose();
    // The server has revoked this session: the user must acknowledge, then sign in again (spec §4).
    alertDialog({
      title: '系统提示',
      content: CHANGE_PASSWORD_TEXT.relogin,
      closable: false,
      keyboard: false,
      onOk: () => {
        clearSession();
        navigateTo('/login');
      },
    });
  }

  return (
    <Modal
      title={CHANGE_PASSWORD_TEXT.title}
      open={open}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      onCancel={requestClose}
      confirmLoading={submitting}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: false }}
      footer={(_buttons, { OkBtn, CancelBtn }) => (
        <>
          {forced && onLogout ? (
            <Button type="link" onClick={onLogout}>
              退出登录
            </Button>
          ) : null}
          {forced ? null : <CancelBtn />}
          <OkBtn />
        </>
      )}
      // Rendered while closed so the form instance stays connected; emptied after every close.
      forceRender
      afterClose={() => form.resetFields()}
    >
      {forced ? (
        <Alert type="warning" showIcon title={CHANGE_PASSWORD_TEXT.forced} style={{ marginBottom: 16 }} />
      ) : null}
      <Form form={form} name="change-password" layout="vertical" validateTrigger="onBlur" autoComplete="off">
        <Form.Item
          label={CHANGE_PASSWORD_TEXT.oldLabel}
          name="oldPsw"
          rules={[{ required: true, message: PASSWORD_MESSAGES.oldRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={CHANGE_PASSWORD_TEXT.newLabel}
          name="newPsw"
          required
          dependencies={['oldPsw']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                const problem = newPasswordProblem(getFieldValue('oldPsw') ?? '', value ?? '');
                if (problem) throw new Error(problem);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" disabled={!oldPsw} />
        </Form.Item>
        <Form.Item
          label={CHANGE_PASSWORD_TEXT.confirmLabel}
          name="confirmPsw"
          required
          dependencies={['newPsw']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (!value) throw new Error(PASSWORD_MESSAGES.confirmRequired);
                if (value !== getFieldValue('newPsw')) throw new Error(PASSWORD_MESSAGES.confirmMismatch);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" disabled={!newPsw} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
