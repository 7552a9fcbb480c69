import { type SsoProviderInfo, ssoApi, type Teacher } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Flex, Input, List, Modal, Popconfirm, Select, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/date-format.ts';
import { notifySuccess } from '../../../lib/notify.ts';

// 第三方账号 of a teacher (#19 part 4): the administrator binds an external account (the provider's
// account id, `sub`) to a school account, or unbinds one. Only offered when single sign-on is
// configured: the same providers call as the login page's buttons (and the same cache key).

export function useSsoProviders() {
  return useQuery({
    queryKey: ['sso', 'providers'],
    queryFn: () => call(ssoApi.providers, {}, { silent: true }) as Promise<SsoProviderInfo[]>,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

type Binding = { provider: string; providerName: string; subject: string; boundAt: string };

export function SsoBindingsDialog({
  teacher,
  providers,
  onClose,
}: {
  teacher: Teacher | null;
  providers: SsoProviderInfo[];
  onClose: () => void;
}) {
  const loginName = teacher?.loginName ?? '';
  const client = useQueryClient();
  const key = ['sso', 'bindings', loginName];
  const bindings = useQuery({
    queryKey: key,
    queryFn: () => call(ssoApi.oauthUserInfo57, { loginName }) as Promise<Binding[]>,
    enabled: loginName !== '',
  });
  const [provider, setProvider] = useState<string | undefined>(providers[0]?.id);
  const [subject, setSubject] = useState('');
  const bind = useMutation({
    mutationFn: (p: { provider: string; subject: string | null }) => call(ssoApi.oauthBind, { loginName, ...p }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  return (
    <Modal
      title={teacher ? `第三方账号：${teacher.name}（${teacher.loginName}）` : '第三方账号'}
      open={teacher !== null}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <List
        size="small"
        loading={bindings.isFetching}
        locale={{ emptyText: <Empty description="尚未绑定第三方账号" /> }}
        dataSource={bindings.data ?? []}
        renderItem={(b) => (
          <List.Item
            aria-label={`${b.providerName}绑定`}
            actions={[
              <Popconfirm
                key="unbind"
                title={`确定解除${b.providerName}账号“${b.subject}”的绑定吗？`}
                okText="确定"
                cancelText="取消"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  bind.mutateAsync({ provider: b.provider, subject: null }).then(() => notifySuccess('已解除绑定'))
                }
              >
                <Button type="link" size="small" danger>
                  解绑
                </Button>
              </Popconfirm>,
            ]}
          >
            <Typography.Text>
              {b.providerName}：{b.subject}
            </Typography.Text>
            <Typography.Text type="secondary">（{formatDateTime(b.boundAt)} 绑定）</Typography.Text>
          </List.Item>
        )}
      />
      <Flex gap={8} style={{ marginTop: 12 }}>
        <Select
          aria-label="认证方式"
          value={provider}
          onChange={setProvider}
          style={{ width: 140 }}
          options={providers.map((p) => ({ value: p.id, label: p.name }))}
        />
        <Input
          aria-label="外部账号标识"
          placeholder="第三方平台的账号标识"
          value={subject}
          maxLength={200}
          onChange={(e) => setSubject(e.target.value)}
        />
        <Button
          type="primary"
          disabled={!provider || subject.trim() === ''}
          loading={bind.isPending}
          onClick={() =>
            bind.mutate(
              { provider: provider!, subject: subject.trim() },
              {
                onSuccess: () => {
                  setSubject('');
                  notifySuccess('绑定成功');
                },
              },
            )
          }
        >
          绑定
        </Button>
      </Flex>
    </Modal>
  );
}
