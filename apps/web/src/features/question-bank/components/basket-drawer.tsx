import { DeleteOutlined, FileAddOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Flex, FloatButton, List, Popconfirm, Progress, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BasketControls } from '../basket.ts';
import { inBasket } from '../basket-rules.ts';
import { paperEditorPath } from './paper-editor/editor-route.ts';

export interface BasketButtonProps {
  controls: BasketControls;
  quesId: string;
}

/** 加入试题篮 / 移出试题篮 on a question card. */
export function BasketButton({ controls, quesId }: BasketButtonProps) {
  const added = inBasket(controls.basket, quesId);
  return (
    <Button
      size="small"
      type={added ? 'default' : 'primary'}
      danger={added}
      loading={controls.pendingId === quesId}
      onClick={() => (added ? controls.remove(quesId) : controls.add(quesId))}
    >
      {added ? '移出试题篮' : '加入试题篮'}
    </Button>
  );
}

export interface BasketDrawerProps {
  controls: BasketControls;
  courseName?: string;
}

/** The floating 试题篮 button and its drawer: counts per question type, remove a type, empty all. */
export function BasketDrawer({ controls, courseName }: BasketDrawerProps) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { basket } = controls;
  const total = basket?.total ?? 0;
  return (
    <>
      <FloatButton
        aria-label="试题篮"
        icon={<ShoppingCartOutlined />}
        description="试题篮"
        shape="square"
        badge={{ count: total, showZero: false }}
        onClick={() => setOpen(true)}
        style={{ insetInlineEnd: 32, bottom: 120, width: 64, height: 64 }}
      />
      <Drawer
        title={`试题篮${courseName ? `（${courseName}）` : ''}`}
        open={open}
        onClose={() => setOpen(false)}
        size={380}
      >
        {controls.failed ? (
          <Alert type="warning" showIcon title="试题篮暂时无法读取，请稍后再试" />
        ) : total === 0 ? (
          <Empty description="试题篮是空的，在题目上点“加入试题篮”" />
        ) : (
          <>
            <Typography.Paragraph>
              共 <Typography.Text strong>{total}</Typography.Text> 题（最多 {basket?.max} 题）
            </Typography.Paragraph>
            <Progress percent={Math.round((total / (basket?.max || 50)) * 100)} showInfo={false} size="small" />
            <List
              dataSource={basket?.groups ?? []}
              rowKey="questionTypeId"
              renderItem={(group) => (
                <List.Item
                  actions={[
                    <Button
                      key="remove"
                      type="link"
                      size="small"
                      icon={<DeleteOutlined />}
                      onClick={() => controls.removeType(group.questionTypeId)}
                    >
                      移除
                    </Button>,
                  ]}
                >
                  <Flex justify="space-between" style={{ width: '100%' }}>
                    <span>{group.name}</span>
                    <Typography.Text className="qb-basket-count">{group.count} 题</Typography.Text>
                  </Flex>
                </List.Item>
              )}
            />
            <Button
              type="primary"
              block
              icon={<FileAddOutlined />}
              style={{ marginTop: 16 }}
              onClick={() => basket && navigate(paperEditorPath({ from: 'basket', courseId: basket.courseId }))}
            >
              生成试卷
            </Button>
            <Popconfirm title="确定清空试题篮吗？" okText="确定" cancelText="取消" onConfirm={controls.clear}>
              <Button danger block style={{ marginTop: 16 }}>
                清空试题篮
              </Button>
            </Popconfirm>
          </>
        )}
      </Drawer>
    </>
  );
}
