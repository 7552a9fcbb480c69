import { Button, Result } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { currentHomePath } from '../lib/session.ts';

export type ErrorPageKind = '403' | '404' | '500' | 'noexam';

const PAGES: Record<ErrorPageKind, { status: '403' | '404' | '500' | 'info'; title: string; subTitle: string }> = {
  '403': { status: '403', title: '无权访问', subTitle: '抱歉，您没有权限访问该页面。' },
  '404': { status: '404', title: '页面不存在', subTitle: '抱歉，您访问的页面不存在。' },
  '500': { status: '500', title: '服务器出错', subTitle: '抱歉，服务器出错了，请稍后再试。' },
  noexam: { status: 'info', title: '暂无考试', subTitle: '当前没有可查看的考试。' },
};

export interface ErrorPageProps {
  kind: ErrorPageKind;
  /** Replaces the standard explanation, e.g. with what went wrong while rendering. */
  detail?: string;
}

/** Spec §2 error pages, each with a way back to the user's home. */
export function ErrorPage({ kind, detail }: ErrorPageProps) {
  const page = PAGES[kind];
  const navigate = useNavigate();
  return (
    <div style={{ padding: '48px 24px' }}>
      <Result
        status={page.status}
        title={page.title}
        subTitle={detail ?? page.subTitle}
        extra={
          <Button type="primary" onClick={() => navigate(currentHomePath())}>
            返回首页
          </Button>
        }
      />
    </div>
  );
}

/** The router's error boundary: a render error or a chunk that failed to load (often a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage kind="404" />;
  return <ErrorPage kind="500" detail="页面加载失败，请刷新页面后重试。" />;
}
