import { authApi } from '@huikao/contracts';
import { call } from '../lib/api-client.ts';
import { navigateTo } from '../lib/navigation.ts';
import { confirmDialog } from '../lib/notify.ts';
import { clearSession } from '../lib/session.ts';

export const LOGOUT_CONFIRM = '确定注销并退出系统吗？';
/** The server call only revokes the session; do not keep the user waiting on a slow or dead server. */
const LOGOUT_TIMEOUT_MS = 5000;

/** Spec §8 logout: asks first, tells the server (ignoring any failure), clears the session, goes to /login. */
export function confirmLogout(): void {
  confirmDialog({
    title: '系统提示',
    content: LOGOUT_CONFIRM,
    onOk: async () => {
      await call(authApi.logout, {}, { silent: true, sessionDialog: false, timeoutMs: LOGOUT_TIMEOUT_MS }).catch(
        () => undefined,
      );
      clearSession();
      navigateTo('/login');
    },
  });
}
