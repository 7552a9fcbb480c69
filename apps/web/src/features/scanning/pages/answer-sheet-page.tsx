import { scanningCardsApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Layout, Result, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { call, callFile } from '../../../lib/api-client.ts';
import { saveDownload } from '../../../lib/download.ts';
import { type SignedSheetParams, signedSheetParams } from '../answer-sheet-link.ts';
import { PdfFrame } from '../components/pdf-frame.tsx';

// The page's own messages, shown in place (no notification): whoever opened the link may have no
// account, and this page is all they see.
const QUIET = { silent: true, loading: false } as const;

/**
 * 答题卡 (/answerSheet?templateId=…&version=…&expires=…&sign=…): the print view of one card
 * version, opened without a session through a signed link that expires.
 */
export function AnswerSheetPage() {
  const [query] = useSearchParams();
  const params = signedSheetParams(query);
  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }}>
      <Flex vertical gap={16} style={{ maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        {params ? (
          <SignedSheet params={params} />
        ) : (
          <Result status="warning" title="打印链接不完整" subTitle="请向教务管理员重新索取答题卡的打印链接。" />
        )}
      </Flex>
    </Layout>
  );
}

function SignedSheet({ params }: { params: SignedSheetParams }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const sheet = useQuery({
    queryKey: ['answer-sheet', params],
    queryFn: ({ signal }) => call(scanningCardsApi.answerSheetTemplate, params, { signal, ...QUIET }),
    retry: false,
  });
  const pdf = useQuery({
    queryKey: ['answer-sheet-pdf', params],
    queryFn: ({ signal }) => callFile(scanningCardsApi.answerSheetPdf, params, { signal, ...QUIET }),
    enabled: sheet.isSuccess,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (sheet.error) {
    return (
      <Result
        status="error"
        title="无法打开答题卡"
        subTitle={`${sheet.error.message}。打印链接有有效期，请向教务管理员重新索取。`}
      />
    );
  }
  const data = sheet.data;
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="answer-sheet-title">
            {data ? `${data.examName} ${data.courseName} 答题卡` : '答题卡'}
          </Typography.Title>
          {data ? (
            <Typography.Text type="secondary">
              第 {params.version} 版 · {data.template.settings.paper} · {data.template.pages.length} 页 · 请按 100%
              比例打印，不要“适合页面”缩放
            </Typography.Text>
          ) : null}
        </div>
        <Space>
          <Button type="primary" disabled={!pdf.data} onClick={() => frame.current?.contentWindow?.print()}>
            打印
          </Button>
          <Button disabled={!pdf.data} onClick={() => pdf.data && saveDownload(pdf.data)}>
            下载 PDF
          </Button>
        </Space>
      </Flex>
      <PdfFrame
        ref={frame}
        title="答题卡 PDF"
        blob={pdf.data?.blob}
        loading={sheet.isPending || pdf.isFetching}
        error={pdf.error}
        height="calc(100vh - 140px)"
      />
    </Flex>
  );
}
