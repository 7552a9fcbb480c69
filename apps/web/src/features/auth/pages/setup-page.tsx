import { CATALOGUE_GRADE_NAMES, type SchoolSetupResult, schoolSetupApi, schoolSetupParams } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Descriptions, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ApiError, call } from '../../../lib/api-client.ts';
import { zodRule } from '../../../lib/form-rules.ts';
import { AuthScreen } from '../components/auth-screen.tsx';
import { useSetupStatus } from '../use-setup-status.ts';

interface SetupFields {
  name: string;
  code: string;
  adminLoginName: string;
  grades: string[];
}

const rules = {
  name: zodRule(schoolSetupParams.shape.name),
  code: zodRule(schoolSetupParams.shape.code),
  adminLoginName: zodRule(schoolSetupParams.shape.adminLoginName),
  grades: zodRule(schoolSetupParams.shape.grades),
};

/**
 * /setup: the first run of a platform with no school creates the school, its grades and its
 * administrator, whose one-time password is shown here once. Once a school exists, /login.
 */
export function SetupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const status = useSetupStatus();
  const [created, setCreated] = useState<SchoolSetupResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (!created && status.data?.hasSchool) return <Navigate to="/login" replace />;

  async function submit(fields: SetupFields) {
    setFailure(null);
    setSubmitting(true);
    try {
      setCreated(await call(schoolSetupApi.setupSchool, fields, { silent: true }));
      queryClient.setQueryData(['setup', 'status'], { hasSchool: true });
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : '初始化失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  }

  if (created) {
    return (
      <AuthScreen>
        <Alert type="success" showIcon title={`已创建学校：${created.schoolName}`} style={{ marginBottom: 16 }} />
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="学校代码">{created.schoolCode}</Descriptions.Item>
          <Descriptions.Item label="年级">{created.grades.join('、')}</Descriptions.Item>
          <Descriptions.Item label="管理员账号">{created.adminLoginName}</Descriptions.Item>
          <Descriptions.Item label="一次性密码">
            <Typography.Text copyable code data-testid="one-time-password">
              {created.oneTimePassword}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="warning" style={{ marginTop: 16 }}>
          一次性密码只显示这一次，请立即记下；首次登录后必须修改密码。
        </Typography.Paragraph>
        <Button type="primary" block onClick={() => navigate('/login', { replace: true })}>
          去登录
        </Button>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen>
      <Typography.Paragraph>平台还没有学校。请填写学校信息，创建学校和第一个管理员账号。</Typography.Paragraph>
      <Form<SetupFields>
        name="setup"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ grades: ['七年级', '八年级', '九年级'] }}
      >
        <Form.Item label="学校名称" name="name" rules={[rules.name]}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item label="学校代码" name="code" rules={[rules.code]} extra="字母或数字，学生账号以它开头">
          <Input />
        </Form.Item>
        <Form.Item label="管理员账号" name="adminLoginName" rules={[rules.adminLoginName]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label="年级" name="grades" rules={[rules.grades]}>
          <Checkbox.Group options={CATALOGUE_GRADE_NAMES.map((name) => ({ label: name, value: name }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          创建学校
        </Button>
      </Form>
      {failure ? <Alert type="error" showIcon role="alert" title={failure} style={{ marginTop: 16 }} /> : null}
    </AuthScreen>
  );
}
