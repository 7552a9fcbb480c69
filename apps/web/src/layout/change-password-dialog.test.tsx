import { PASSWORD_MESSAGES } from '@huikao/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UiConfigProvider } from '../components/ui-config-provider.tsx';
import { SESSION_COOKIE, startSession } from '../lib/session.ts';
import { aStoredUser, envelopeResponse, installFakeNavigator, installFakeNotify } from '../lib/test-fakes.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';

const user = aStoredUser();
let notify: ReturnType<typeof installFakeNotify>;
let navigator: ReturnType<typeof installFakeNavigator>;
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  notify = installFakeNotify();
  navigator = installFakeNavigator();
  vi.stubGlobal('fetch', fetchMock);
  startSession(user);
});

afterEach(() => {
  cleanup();
  notify.unregister();
  navigator.unregister();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  Cookies.remove(SESSION_COOKIE, { path: '/' });
  localStorage.clear();
});

function renderDialog(props: { forced?: boolean; onClose?: () => void } = {}) {
  const onClose = props.onClose ?? vi.fn();
  render(
    <UiConfigProvider>
      <ChangePasswordDialog open forced={props.forced ?? false} user={user} onClose={onClose} />
    </UiConfigProvider>,
  );
  return {
    onClose,
    oldField: screen.getByLabelText('原始密码') as HTMLInputElement,
    newField: screen.getByLabelText('新密码') as HTMLInputElement,
    confirmField: screen.getByLabelText('确认密码') as HTMLInputElement,
  };
}

function type(field: HTMLInputElement, value: string) {
  fireEvent.focus(field);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
}

describe('change-password dialog (spec §4, §5)', () => {
  it('checks the old password on blur, and enables the new one only once the old one is filled', async () => {
    const { oldField, newField } = renderDialog();
    expect(newField.disabled).toBe(true);
    // Nothing is said before the user leaves the field.
    expect(screen.queryByText(PASSWORD_MESSAGES.oldRequired)).toBeNull();
    type(oldField, '');
    expect(await screen.findByText(PASSWORD_MESSAGES.oldRequired)).toBeTruthy();
    type(oldField, 'Old@Pass1');
    await waitFor(() => expect(newField.disabled).toBe(false));
    await waitFor(() => expect(screen.queryByText(PASSWORD_MESSAGES.oldRequired)).toBeNull());
  });

  it('shows the exact messages of the new password rules on blur', async () => {
    const { oldField, newField } = renderDialog();
    type(oldField, 'Old@Pass1');
    await waitFor(() => expect(newField.disabled).toBe(false));

    type(newField, '');
    expect(await screen.findByText(PASSWORD_MESSAGES.newRequired)).toBeTruthy();
    type(newField, 'abcdefgh');
    expect(await screen.findByText(PASSWORD_MESSAGES.policy)).toBeTruthy();
    type(newField, 'Old@Pass1');
    expect(await screen.findByText(PASSWORD_MESSAGES.sameAsOld)).toBeTruthy();
    type(newField, 'New@Pass2');
    await waitFor(() => expect(screen.queryByText(PASSWORD_MESSAGES.sameAsOld)).toBeNull());
  });

  it('shows the exact messages of the confirmation on blur', async () => {
    const { oldField, newField, confirmField } = renderDialog();
    type(oldField, 'Old@Pass1');
    await waitFor(() => expect(newField.disabled).toBe(false));
    type(newField, 'New@Pass2');
    await waitFor(() => expect(confirmField.disabled).toBe(false));

    type(confirmField, '');
    expect(await screen.findByText(PASSWORD_MESSAGES.confirmRequired)).toBeTruthy();
    type(confirmField, 'New@Pass3');
    expect(await screen.findByText(PASSWORD_MESSAGES.confirmMismatch)).toBeTruthy();
  });

  it('asks before discarding typed input, and closes at once when nothing was typed', async () => {
    const first = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(first.onClose).toHaveBeenCalledOnce();
    cleanup();

    const second = renderDialog();
    type(second.oldField, 'Old@Pass1');
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(second.onClose).not.toHaveBeenCalled();
    expect(notify.dialogs).toEqual([expect.objectContaining({ type: 'confirm', content: '确定放弃修改密码吗？' })]);
    notify.dialogs[0]?.onOk?.();
    expect(second.onClose).toHaveBeenCalledOnce();
  });

  it('cannot be dismissed in forced mode and says why', () => {
    const { onClose } = renderDialog({ forced: true });
    expect(screen.getByText('管理员已重置您的密码，请先修改密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消' })).toBeNull();
    expect(document.querySelector('.ant-modal-close')).toBeNull();
    fireEvent.keyDown(screen.getByLabelText('原始密码'), { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
  });

  it('on failure shows 密码修改失败 with the server message', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(422, '原始密码不正确', null));
    const { oldField, newField, confirmField } = renderDialog();
    type(oldField, 'Wrong@Pass1');
    await waitFor(() => expect(newField.disabled).toBe(false));
    type(newField, 'New@Pass2');
    await waitFor(() => expect(confirmField.disabled).toBe(false));
    type(confirmField, 'New@Pass2');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(notify.notifications).toEqual([
        { type: 'error', title: '密码修改失败', description: '原始密码不正确', duration: 2.5 },
      ]),
    );
  });

  it('on success says so, then requires a new login', async () => {
    fetchMock.mockResolvedValue(envelopeResponse(200, '密码修改成功', null));
    const { oldField, newField, confirmField, onClose } = renderDialog();
    type(oldField, 'Old@Pass1');
    await waitFor(() => expect(newField.disabled).toBe(false));
    type(newField, 'New@Pass2');
    await waitFor(() => expect(confirmField.disabled).toBe(false));
    type(confirmField, 'New@Pass2');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));

    await waitFor(() => expect(notify.dialogs).toHaveLength(1));
    expect(notify.notifications.map((n) => [n.type, n.title])).toEqual([['success', '密码修改成功']]);
    expect(onClose).toHaveBeenCalledOnce();
    expect(notify.dialogs[0]).toMatchObject({ type: 'info', content: '密码已修改，请重新登录' });
    expect(navigator.navigate).not.toHaveBeenCalled();
    notify.dialogs[0]?.onOk?.();
    expect(Cookies.get(SESSION_COOKIE)).toBeUndefined();
    expect(navigator.navigate).toHaveBeenCalledWith('/login');
  });
});
