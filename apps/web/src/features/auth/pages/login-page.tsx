import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { authApi, loginParams } from '@huikao/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { startSession } from '../../../lib/session.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { SsoButtons } from '../components/sso-buttons.tsx';
import { landingPath } from '../landing.ts';
import { useSetupStatus } from '../use-setup-status.ts';

interface LoginFields {
  loginName: string;
  password: string;
}

const loginNameRule = zodRule(loginParams.shape.loginName);
const passwordRule = zodRule(loginParams.shape.password);

/** /login: the server's own message (wrong password, locked account …) is shown inline, not as a toast. */
export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // A failed single sign-on comes back here with its reason.
  const [failure, setFailure] = useState<string | null>(searchParams.get('ssoError'));
  const [submitting, setSubmitting] = useState(false);
  const setup = useSetupStatus();

  async function submit(fields: LoginFields) {
    setFailure(null);
    setSubmitting(true);
    try {
      const user = await call(authApi.userLogin, fields, { silent: true });
      startSession(user);
      navigate(landingPath(user, searchParams.get('redirect')), { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '登录失败，请稍后再试');
      setSubmitting(false);
    }
  }

  // A platform without a school has nobody to sign in: its first run creates one.
  if (setup.data?.hasSchool === false) return <Navigate to="/setup" replace />;

  return (
    <AuthScreen>
      <Form<LoginFields> name="login" layout="vertical" requiredMark={false} onFinish={submit} size="large">
        <Form.Item label="账号" name="loginName" rules={[loginNameRule]}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[passwordRule]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          登录
        </Button>
      </Form>
      <SsoButtons redirect={searchParams.get('redirect')} />
      {failure ? <Alert type="error" showIcon role="alert" title={failure} style={{ marginTop: 16 }} /> : null}
    </AuthScreen>
  );
}
