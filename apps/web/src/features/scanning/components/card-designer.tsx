import type { CardLayoutChange, CardTemplate } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Flex, Popconfirm, Row, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { boxHeightsOf, cardBoxes } from '../card-types.ts';
import { useGenerateCard, useUpdateCard } from '../mutations.ts';
import { cardQueries, useCardContext } from '../queries.ts';
import { BoxHeightList } from './box-height-list.tsx';
import { CardPageView } from './card-page-view.tsx';
import { CardSettingsBar } from './card-settings-bar.tsx';
import { PdfFrame } from './pdf-frame.tsx';

export interface CardDesignerProps {
  card: CardTemplate;
}

/** The widest a page is drawn, so an A4 page is not blown up on a wide screen. */
const MAX_PAGE_WIDTH = 760;

/**
 * The designer of one card: page settings on top; the pages drawn from the template's geometry,
 * each answer box with a handle to drag its height; beside them the server's PDF, fetched again
 * after every saved change. A printed or scanned version is shown read-only until the user
 * chooses to save a new version (the server then writes the next version).
 */
export function CardDesigner({ card }: CardDesignerProps) {
  const { schoolId, canManage } = useCardContext();
  const update = useUpdateCard();
  const regenerate = useGenerateCard();
  const [unlocked, setUnlocked] = useState(false);
  const editable = canManage && (!card.frozen || unlocked);
  const pdf = useQuery(cardQueries.pdf(schoolId, card.templateId, card.version, card.revision));
  const pagesBox = useRef<HTMLDivElement>(null);
  const width = useWidth(pagesBox);
  const pageWidth = Math.min(MAX_PAGE_WIDTH, Math.max(240, width - 2));
  const heights = boxHeightsOf(card.template);
  // A new version is not frozen: the lock goes back on only when it is printed again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the version is what resets the lock
  useEffect(() => setUnlocked(false), [card.version]);

  // Bumped by a refused change, so the typed box heights show the stored values again.
  const [refused, setRefused] = useState(0);

  /** Saves one change; rejects when refused (the api-client showed why: boxes that no longer fit …). */
  async function change(next: CardLayoutChange, done: string): Promise<void> {
    try {
      const saved = await update.mutateAsync({ card, change: next });
      notifySuccess(done, saved.version !== card.version ? `已另存为第 ${saved.version} 版` : undefined);
    } catch (error) {
      setRefused((count) => count + 1);
      throw error;
    }
  }
  const resize = (boxId: string, height: number) =>
    void change({ boxHeights: { [boxId]: height } }, '答题框高度已保存').catch(() => undefined);

  return (
    <Flex vertical gap={12}>
      {card.structureChanged ? (
        <Alert
          type="warning"
          showIcon
          title="考试的题目结构在生成答题卡后修改过"
          description="重新生成会按现在的题目排版，答题框高度恢复为默认值。"
          action={
            canManage ? (
              <Popconfirm
                title="确定按现在的题目重新生成答题卡吗？"
                okText="确定"
                cancelText="取消"
                onConfirm={() =>
                  regenerate
                    .mutateAsync({ seId: card.seId, regenerate: true })
                    .then(() => notifySuccess('答题卡已重新生成'))
                    .catch(() => undefined)
                }
              >
                <Button size="small" type="primary" loading={regenerate.isPending}>
                  重新生成
                </Button>
              </Popconfirm>
            ) : null
          }
        />
      ) : null}
      {card.frozen && canManage ? (
        <Alert
          type="info"
          showIcon
          title={`第 ${card.version} 版${card.scannedVersions.includes(card.version) ? '已有扫描' : '已印刷'}，不再改动`}
          description={
            unlocked
              ? '接下来的修改将保存为新版本。'
              : '如需修改，请另存为新版本：已印刷或已扫描的答题卡仍按原版本识别。'
          }
          action={
            unlocked ? null : (
              <Button size="small" onClick={() => setUnlocked(true)}>
                另存为新版本
              </Button>
            )
          }
        />
      ) : null}
      <Card size="small">
        <CardSettingsBar
          card={card}
          disabled={!editable || update.isPending}
          onChange={(next) => change(next, '版式已保存')}
        />
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title="版面"
            extra={
              <Typography.Text type="secondary">
                {editable ? '拖动答题框底边的把手调整高度，松开即保存' : '只读'}
              </Typography.Text>
            }
          >
            <div ref={pagesBox}>
              <Flex vertical gap={16} align="center" style={{ opacity: update.isPending ? 0.6 : 1 }}>
                {card.template.pages.map((page) => (
                  <Flex key={`${card.version}-${card.revision}-${page.number}`} vertical gap={4} align="center">
                    <Typography.Text type="secondary">
                      第 {page.number} 页 · 第 {page.sheet} 张{page.side === 1 ? '正面' : '背面'}
                    </Typography.Text>
                    <CardPageView
                      page={page}
                      boxHeights={heights}
                      editable={editable && !update.isPending}
                      onResize={resize}
                      width={pageWidth}
                    />
                  </Flex>
                ))}
              </Flex>
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card size="small" title="PDF 预览（即打印效果）">
              <PdfFrame
                title="答题卡 PDF 预览"
                blob={pdf.data?.blob}
                loading={pdf.isFetching}
                error={pdf.error}
                height={640}
              />
            </Card>
            <Card size="small" title="答题框高度">
              <BoxHeightList
                key={`boxes-${refused}`}
                boxes={cardBoxes(card.template)}
                disabled={!editable || update.isPending}
                onResize={resize}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}

/** The element's content width, following resizes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
