import type { SchoolYearWithTerms, UpgradePlan } from '@huikao/contracts';
import { Alert, Button, Flex, Form, Modal, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useUpgrade } from '../mutations.ts';

export interface UpgradeDialogProps {
  open: boolean;
  years: readonly SchoolYearWithTerms[];
  /** Suggested target: the year after the current selection's. */
  suggestedSchyId?: string;
  onClose: () => void;
}

/**
 * 学年升级: choose the target school year, see what would move (apply: false changes nothing),
 * then confirm (apply: true, one transaction on the server). Graduates are archived, never deleted.
 */
export function UpgradeDialog({ open, years, suggestedSchyId, onClose }: UpgradeDialogProps) {
  const upgrade = useUpgrade();
  const [toSchyId, setToSchyId] = useState<string | undefined>(suggestedSchyId);
  const [plan, setPlan] = useState<UpgradePlan | null>(null);

  async function request(apply: boolean) {
    if (!toSchyId) return;
    try {
      setPlan(await upgrade.mutateAsync({ toSchyId, apply }));
    } catch {
      // Shown by the api-client.
    }
  }

  const footer = plan?.applied ? (
    <Button type="primary" onClick={onClose}>
      完成
    </Button>
  ) : (
    <Space>
      <Button onClick={onClose}>取消</Button>
      {plan ? (
        <Button type="primary" danger loading={upgrade.isPending} onClick={() => void request(true)}>
          确认升级
        </Button>
      ) : (
        <Button type="primary" disabled={!toSchyId} loading={upgrade.isPending} onClick={() => void request(false)}>
          预览
        </Button>
      )}
    </Space>
  );

  return (
    <Modal
      title="学年升级"
      open={open}
      width={760}
      onCancel={upgrade.isPending ? undefined : onClose}
      mask={{ closable: false }}
      footer={footer}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) setToSchyId(suggestedSchyId);
        else setPlan(null);
      }}
    >
      {plan?.applied ? (
        <Result
          status="success"
          title="升级完成"
          subTitle={`已升级到${plan.toYear.name}：升级班级 ${plan.promotedClasses} 个，毕业班级 ${plan.graduatingClasses} 个（毕业学生 ${plan.graduatingStudents} 人已归档）。可在页面顶部切换到新学年的学期。`}
        />
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">
            把全校班级和学生升入下一年级、进入新学年；毕业年级的班级和学生归档保存，不会删除，成绩也不受影响。
          </Typography.Text>
          <Form layout="inline">
            <Form.Item label="升级到">
              <Select
                aria-label="目标学年"
                style={{ width: 200 }}
                placeholder="请选择目标学年"
                value={toSchyId}
                onChange={(value: string) => {
                  setToSchyId(value);
                  setPlan(null);
                }}
                // Classes move from the year before the target, so the earliest year is no target.
                options={[...years]
                  .sort((a, b) => a.startDate.localeCompare(b.startDate))
                  .slice(1)
                  .map((year) => ({ value: year.schyId, label: year.name }))}
              />
            </Form.Item>
          </Form>
          {plan ? <UpgradePreview plan={plan} /> : null}
        </Flex>
      )}
    </Modal>
  );
}

function UpgradePreview({ plan }: { plan: UpgradePlan }) {
  return (
    <Flex vertical gap={8} data-testid="upgrade-preview">
      <Alert
        type="warning"
        showIcon
        title={`从${plan.fromYear.name}升级到${plan.toYear.name}：升级班级 ${plan.promotedClasses} 个，毕业班级 ${plan.graduatingClasses} 个（学生 ${plan.graduatingStudents} 人）`}
        description="确认后立即生效。请核对下表。"
      />
      <Table
        size="small"
        rowKey="classId"
        dataSource={plan.moves}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ y: 320 }}
        columns={[
          { key: 'className', title: '班级', dataIndex: 'className' },
          { key: 'from', title: '原年级', dataIndex: 'fromGradeName' },
          {
            key: 'to',
            title: '升入',
            render: (_, move) => (move.toGradeName ? move.toGradeName : <Tag color="orange">毕业归档</Tag>),
          },
          { key: 'students', title: '学生数', dataIndex: 'studentCount', align: 'right' },
        ]}
      />
    </Flex>
  );
}
