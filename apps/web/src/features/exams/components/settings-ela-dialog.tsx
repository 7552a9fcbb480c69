import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ExamLevelScheme, examsApi } from '@huikao/contracts';
import { Alert, Button, Form, Input, InputNumber, Table, Typography } from 'antd';
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
  levels: LevelRow[];
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
  const [form] = Form.useForm<SchemeValues>();
  const levels = (Form.useWatch('levels', form) ?? []) as LevelRow[];
  const cumulative = cumulativeShares(levels.map((level) => level ?? { sharePercent: 0 }));
  const totalError = shareTotalError(levels.map((level) => level ?? { sharePercent: 0 }));

  async function submit(values: SchemeValues) {
    const refusal = shareTotalError(values.levels) ?? levelRangeError(values.levels);
    if (refusal) {
      notifyWarning('等级方案未保存', refusal);
      throw new Error(refusal);
    }
    await save.mutateAsync({ elaId: scheme?.elaId, name: values.name, levels: levelsToSend(values.levels) });
  }

  return (
    <FormDialog<SchemeValues>
      open={open}
      title={scheme ? `编辑等级方案：${scheme.name}` : '新增等级方案'}
      form={form}
      width={760}
      onClose={onClose}
      onSubmit={submit}
      initialValues={{
        name: scheme?.name ?? '',
        levels: scheme ? levelRowsOf(scheme.levels) : NEW_SCHEME_LEVELS.map((level) => ({ ...level })),
      }}
    >
      <Form.Item label="方案名称" name="name" required rules={[zodRule(params.name)]}>
        <Input maxLength={30} placeholder="如 本校等级赋分" />
      </Form.Item>
      <Form.List name="levels">
        {(fields, { add, remove }) => (
          <>
            <Table
              size="small"
              pagination={false}
              rowKey="key"
              dataSource={fields}
              columns={[
                {
                  title: '等级',
                  render: (_, field, index) => (
                    <Form.Item
                      name={[field.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: '请输入等级名称' }]}
                      style={{ margin: 0 }}
                    >
                      <Input aria-label={`等级名称 ${index + 1}`} maxLength={10} style={{ width: 72 }} />
                    </Form.Item>
                  ),
                },
                {
                  title: '比例',
                  render: (_, field, index) => (
                    <Form.Item
                      name={[field.name, 'sharePercent']}
                      rules={[{ required: true, type: 'number', min: 0.01, max: 100, message: '比例应在0到100之间' }]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber aria-label={`等级比例 ${index + 1}`} min={0} max={100} suffix="%" />
                    </Form.Item>
                  ),
                },
                {
                  title: '累计比例',
                  render: (_, _field, index) => <span data-testid={`cumulative-${index}`}>{cumulative[index]}%</span>,
                },
                {
                  title: '赋分上限',
                  render: (_, field, index) => (
                    <Form.Item name={[field.name, 'high']} rules={[levelScoreRule]} style={{ margin: 0 }}>
                      <InputNumber aria-label={`赋分上限 ${index + 1}`} min={0} max={1000} precision={0} />
                    </Form.Item>
                  ),
                },
                {
                  title: '赋分下限',
                  render: (_, field, index) => (
                    <Form.Item name={[field.name, 'low']} rules={[levelScoreRule]} style={{ margin: 0 }}>
                      <InputNumber aria-label={`赋分下限 ${index + 1}`} min={0} max={1000} precision={0} />
                    </Form.Item>
                  ),
                },
                {
                  title: '',
                  render: (_, field, index) => (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={`删除等级 ${index + 1}`}
                      disabled={fields.length <= 2}
                      onClick={() => remove(field.name)}
                    />
                  ),
                },
              ]}
            />
            <Button
              icon={<PlusOutlined />}
              style={{ marginTop: 8 }}
              disabled={fields.length >= 10}
              onClick={() => add({ name: '', sharePercent: 0, high: 0, low: 0 })}
            >
              添加等级
            </Button>
          </>
        )}
      </Form.List>
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

const levelScoreRule = { required: true, type: 'number' as const, min: 0, max: 1000, message: '赋分应在0到1000之间' };
