import { App, Modal, type ModalFuncProps, notification as staticNotification } from 'antd';
import { useLayoutEffect } from 'react';

/** Spec §9: notifications stay 2500 ms; antd counts in seconds. */
export const NOTIFY_DURATION_MS = 2500;
const DURATION_SECONDS = NOTIFY_DURATION_MS / 1000;

interface NotificationArgs {
  title: string;
  description?: string;
  duration?: number;
}

/**
 * What the helper needs from antd's App.useApp(): the context-aware notification and modal APIs,
 * so messages get the zh_CN locale and theme even when raised from non-React code (the api-client).
 */
export interface NotifyBridge {
  notification: Record<'success' | 'error' | 'info' | 'warning', (args: NotificationArgs) => void>;
  modal: Record<'confirm' | 'info', (props: ModalFuncProps) => unknown>;
}

/** Before <AppBridge> mounts (or in a test without it) antd's static API is the fallback. */
const staticBridge: NotifyBridge = {
  notification: staticNotification,
  modal: { confirm: (props) => Modal.confirm(props), info: (props) => Modal.info(props) },
};

let bridge: NotifyBridge = staticBridge;

export function registerNotifyBridge(next: NotifyBridge): () => void {
  bridge = next;
  return () => {
    if (bridge === next) bridge = staticBridge;
  };
}

/** Rendered once inside antd <App>; hands its notification and modal APIs to this module. */
export function AppBridge(): null {
  const { notification, modal } = App.useApp();
  // A layout effect, and rendered before the router, so it is in place before any page effect runs.
  useLayoutEffect(() => registerNotifyBridge({ notification, modal }), [notification, modal]);
  return null;
}

export function notifyError(title: string, description?: string): void {
  bridge.notification.error({ title, description, duration: DURATION_SECONDS });
}

export function notifySuccess(title: string, description?: string): void {
  bridge.notification.success({ title, description, duration: DURATION_SECONDS });
}

export function notifyWarning(title: string, description?: string): void {
  bridge.notification.warning({ title, description, duration: DURATION_SECONDS });
}

export function notifyInfo(title: string, description?: string): void {
  bridge.notification.info({ title, description, duration: DURATION_SECONDS });
}

/** A question with 确定/取消 (or the given texts). */
export function confirmDialog(props: ModalFuncProps): void {
  bridge.modal.confirm({ okText: '确定', cancelText: '取消', ...props });
}

/** A notice the user must acknowledge with 确定. */
export function alertDialog(props: ModalFuncProps): void {
  bridge.modal.info({ okText: '确定', ...props });
}
