// Shared by the web's unit tests only (nothing in the app imports it): fakes for the notification
// bridge and the navigator, and a stored user, so tests assert what the user would have seen.
import type { StoredUser } from '@huikao/contracts';
import type { ModalFuncProps } from 'antd';
import { vi } from 'vitest';
import { registerNavigator } from './navigation.ts';
import { type NotifyBridge, registerNotifyBridge } from './notify.ts';

export interface ShownNotification {
  type: 'success' | 'error' | 'info' | 'warning';
  title: string;
  description?: string;
  duration?: number;
}

export function installFakeNotify() {
  const notifications: ShownNotification[] = [];
  const dialogs: Array<ModalFuncProps & { type: 'confirm' | 'info' }> = [];
  const record =
    (type: ShownNotification['type']) => (args: { title: string; description?: string; duration?: number }) =>
      notifications.push({ type, ...args });
  const bridge: NotifyBridge = {
    notification: {
      success: record('success'),
      error: record('error'),
      info: record('info'),
      warning: record('warning'),
    },
    modal: {
      confirm: (props) => dialogs.push({ ...props, type: 'confirm' }),
      info: (props) => dialogs.push({ ...props, type: 'info' }),
    },
  };
  const unregister = registerNotifyBridge(bridge);
  return { notifications, dialogs, unregister };
}

export function installFakeNavigator() {
  const navigate = vi.fn<(to: string) => void>();
  const unregister = registerNavigator(navigate);
  return { navigate, unregister };
}

export function aStoredUser(overrides: Partial<StoredUser> = {}): StoredUser {
  return {
    loginName: 'teacher01',
    token: '9f1c2e3d4b5a69788796a5b4c3d2e1f0',
    jwtToken: 'header.payload.signature',
    type: 1,
    schoolId: '1',
    userCode: 'T0001',
    name: '王老师',
    mustChangePsw: false,
    ...overrides,
  };
}

/** A JSON envelope response as the server sends it. */
export function envelopeResponse(status: number, message: string, data: unknown, httpStatus = 200): Response {
  return new Response(JSON.stringify({ status, message, data }), {
    status: httpStatus,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
