import { SSO_START_PATH, type SsoProviderInfo, ssoApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Flex } from 'antd';
import { call } from '../../../lib/api-client.ts';

/**
 * One button per configured single sign-on provider (#19 part 4). A full-page navigation: the
 * server sends the browser to the provider and back to /autoLogin with a one-time ticket.
 */
export function SsoButtons({ redirect }: { redirect: string | null }) {
  const providers = useQuery({
    queryKey: ['sso', 'providers'],
    queryFn: () => call(ssoApi.providers, {}, { silent: true }) as Promise<SsoProviderInfo[]>,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!providers.data?.length) return null;
  const href = (id: string) =>
    `${SSO_START_PATH}?provider=${encodeURIComponent(id)}${redirect ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <>
      <Divider plain>其他登录方式</Divider>
      <Flex vertical gap={8}>
        {providers.data.map((p) => (
          <Button key={p.id} block href={href(p.id)}>
            {p.name}登录
          </Button>
        ))}
      </Flex>
    </>
  );
}
