import { authApi, type StoredUser } from '@huikao/contracts';
import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { landingPath } from '../landing.ts';

/**
 * A ticket is single-use: one request per ticket even when React runs the effect twice
 * (StrictMode in development) or the component remounts.
 */
const ticketLogins = new Map<string, Promise<StoredUser>>();

function loginWithTicket(ticket: string): Promise<StoredUser> {
  let pending = ticketLogins.get(ticket);
  if (!pending) {
    pending = call(authApi.autoLogin, { ticket }, { silent: true });
    ticketLogins.set(ticket, pending);
  }
  return pending;
}

/** /autoLogin?ticket=…: signs in with a ticket issued elsewhere, then lands like /login. */
export function AutoLoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ticket = searchParams.get('ticket') ?? '';
  const redirect = searchParams.get('redirect');
  const [failure, setFailure] = useState<string | null>(ticket ? null : '缺少登录票据');

  useEffect(() => {
    if (!ticket) return;
    let current = true;
    loginWithTicket(ticket).then(
      (user) => {
        if (!current) return;
        startSession(user);
        navigate(landingPath(user, redirect), { replace: true });
      },
      (error: unknown) => {
        if (current) setFailure(error instanceof ApiError ? error.message : '自动登录失败');
      },
    );
    return () => {
      current = false;
    };
  }, [ticket, redirect, navigate]);

  return (
    <AuthScreen>
      {failure ? (
        <>
          <Alert type="error" showIcon role="alert" title={failure} />
          <p style={{ textAlign: 'center', marginBottom: 0 }}>
            <Link to="/login">返回登录页</Link>
          </p>
        </>
      ) : (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
          <p>正在登录…</p>
        </div>
      )}
    </AuthScreen>
  );
}
