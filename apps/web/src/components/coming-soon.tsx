import { Result, Tag } from 'antd';
import { Link, useMatches } from 'react-router';
import { routeHandle } from '../lib/route-kit.ts';
import { currentHomePath } from '../lib/session.ts';

export const COMING_SOON_LABEL = '即将上线';

/**
 * The one placeholder for every screen of spec §2 whose page has not landed. Its routes carry
 * `handle.comingSoon`, and coming-soon.test.ts pins that list so it can only shrink.
 */
export function ComingSoon() {
  const matches = useMatches();
  const title = matches.map(routeHandle).findLast((handle) => handle !== undefined)?.title ?? '';
  return (
    <div data-testid="coming-soon" style={{ padding: '48px 24px' }}>
      <Result
        status="info"
        title={
          <>
            {title} <Tag color="processing">{COMING_SOON_LABEL}</Tag>
          </>
        }
        subTitle="该功能将在后续版本中上线，敬请期待。"
        extra={<Link to={currentHomePath()}>返回首页</Link>}
      />
    </div>
  );
}
