import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExamLevelScheme, examsApi } from '@huikao/contracts';
import { Alert, Button, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { zodRule } from '../../../lib/form-rules.ts';
import { notifyWarning } from '../../../lib/notify.ts';
import { useSaveELA } from '../manager-queries.ts';
import {
  cumulativeShares,
  type LevelRow,
  levelRangeError,
  levelRowsOf,
  levelsToSend,
  NEW_SCHEME_LEVELS,
  shareTotalError,
} from '../settings-form.ts';

interface SchemeValues {
  name: string;
}

export interface SettingsElaDialogProps {
  open: boolean;
  /** The scheme edited; null to add one. */
  scheme: ExamLevelScheme | null;
  onClose: () => void;
}

const params = examsApi.saveOrUpdateELA.params.shape;

/**
 * Adds or edits a level scheme: each level's own share (in percent), with the cumulative share
 * beside it; saving is refused until the shares add up to 100%.
 */
export function SettingsElaDialog({ open, scheme, onClose }: SettingsElaDialogProps) {
  const save = useSaveELA();
  // The level rows are the dialog's own state (a table editor), checked as a whole on 确定.
  const [levels, setLevels] = useState<LevelRow[]>([]);
  useEffect(() => {
    if (open) setLevels(scheme ? levelRowsOf(scheme.levels) : NEW_SCHEME_LEVELS.map((level) => ({ ...level })));
  }, [open, scheme]);
  const cumulative = cumulativeShares(levels);
  const totalError = shareTotalError(levels);
  const change = (index: number, patch: Partial<LevelRow>) =>
    setLevels((current) => current.map((level, i) => (i === index ? { ...level, ...patch } : level)));

  async function submit(values: SchemeValues) {
    const unnamed = levels.findIndex((level) => level.name.trim() === '');
    const refusal =
      (unnamed >= 0 ? `请输入第${unnamed + 1}个等级的名称` : null) ??
      shareTotalError(levels) ??
      levelRangeError(levels);
    if (refusal) {
      notifyWarning('等级方案未保存', refusal);
      throw new Error(refusal);
    }
    await save.mutateAsync({ elaId: scheme?.elaId, name: values.name, levels: levelsToSend(levels) });
  }

  return (
    <FormDialog<SchemeValues>
      open={open}
      title={scheme ? `编辑等级方案：${scheme.name}` : '新增等级方案'}
      width={760}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{ name: scheme?.name ?? '' }}
    >
      <Form.Item label="方案名称" name="name" required rules={[zodRule(params.name)]}>
        <Input maxLength={30} placeholder="如 本校等级赋分" />
      </Form.Item>
      <Table<LevelRow & { index: number }>
        size="small"
        pagination={false}
        rowKey="index"
        dataSource={levels.map((level, index) => ({ ...level, index }))}
        columns={[
          {
            title: '等级',
            render: (_, level) => (
              <Input
                aria-label={`等级名称 ${level.index + 1}`}
                maxLength={10}
                style={{ width: 72 }}
                value={level.name}
                onChange={(event) => change(level.index, { name: event.target.value })}
              />
            ),
          },
          {
            title: '比例',
            render: (_, level) => (
              <InputNumber
                aria-label={`等级比例 ${level.index + 1}`}
                min={0}
                max={100}
                suffix="%"
                value={level.sharePercent}
                onChange={(value) => change(level.index, { sharePercent: value ?? 0 })}
              />
            ),
          },
          {
            title: '累计比例',
            render: (_, level) => <span data-testid={`cumulative-${level.index}`}>{cumulative[level.index]}%</span>,
          },
          {
            title: '赋分上限',
            render: (_, level) => (
              <InputNumber
                aria-label={`赋分上限 ${level.index + 1}`}
                min={0}
                max={1000}
                precision={0}
                value={level.high}
                onChange={(value) => change(level.index, { high: value ?? 0 })}
              />
            ),
          },
          {
            title: '赋分下限',
            render: (_, level) => (
              <InputNumber
                aria-label={`赋分下限 ${level.index + 1}`}
                min={0}
                max={1000}
                precision={0}
                value={level.low}
                onChange={(value) => change(level.index, { low: value ?? 0 })}
              />
            ),
          },
          {
            title: '',
            render: (_, level) => (
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={`删除等级 ${level.index + 1}`}
                disabled={levels.length <= 2}
                onClick={() => setLevels((current) => current.filter((_row, i) => i !== level.index))}
              />
            ),
          },
        ]}
      />
      <Button
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={levels.length >= 10}
        onClick={() => setLevels((current) => [...current, { name: '', sharePercent: 0, high: 0, low: 0 }])}
      >
        添加等级
      </Button>
      <div style={{ marginTop: 12 }} data-testid="share-total">
        {totalError ? (
          <Alert type="warning" showIcon title={totalError} />
        ) : (
          <Typography.Text type="success">各等级比例之和为100%</Typography.Text>
        )}
      </div>
    </FormDialog>
  );
}
