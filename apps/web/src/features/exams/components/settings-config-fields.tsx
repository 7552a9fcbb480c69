import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ScoreConfig, scoreConfigSchema } from '@huikao/contracts';
import {
  Button,
  Col,
  Divider,
  Form,
  type FormInstance,
  type FormRule,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Switch,
} from 'antd';
import type { ReactNode } from 'react';
import { notifyWarning } from '../../../lib/notify.ts';
import { type ConfigIssue, chineseMessage, fieldLabel, scoreConfigErrors } from '../settings-form.ts';

/** The part of a zod schema the rules walk: an object's shape, an array's element, a parse. */
interface WalkableSchema {
  shape?: Record<string, WalkableSchema>;
  element?: WalkableSchema;
  safeParse(value: unknown): { success: boolean; error?: { issues: ConfigIssue[] } };
}

/** The contract's schema of one field of the configuration (array indexes step into the element). */
function schemaAt(path: ReadonlyArray<string | number>): WalkableSchema | undefined {
  let schema: WalkableSchema | undefined = scoreConfigSchema as unknown as WalkableSchema;
  for (const part of path) {
    schema = typeof part === 'number' ? schema?.element : schema?.shape?.[part];
  }
  return schema;
}

/** A field checked with the contract's own schema, its message in Chinese and naming the field. */
export function configRule(path: ReadonlyArray<string | number>): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schemaAt(path)?.safeParse(value ?? undefined);
      if (!result || result.success) return;
      const issue = result.error?.issues[0];
      if (issue) throw new Error(chineseMessage({ ...issue, path: [...path, ...issue.path] }));
    },
  };
}

interface NumberFieldProps {
  /** Path in the configuration; also the field's name in the form. */
  path: Array<string | number>;
  /** Full path in the form when the list field is nested (Form.List gives the short one). */
  labelPath?: Array<string | number>;
  min?: number;
  max?: number;
  step?: number;
  suffix?: string;
  extra?: ReactNode;
}

function NumberField({ path, labelPath = path, min, max, step, suffix, extra }: NumberFieldProps) {
  return (
    <Col xs={24} sm={12} md={6}>
      <Form.Item label={fieldLabel(labelPath)} name={path} rules={[configRule(labelPath)]} extra={extra}>
        <InputNumber min={min} max={max} step={step} suffix={suffix} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
}

const Section = ({ title }: { title: string }) => (
  <Divider titlePlacement="start" plain style={{ marginBlock: 8 }}>
    {title}
  </Divider>
);

export interface SettingsConfigFieldsProps {
  /** Type 1 teachers read the settings only. */
  disabled?: boolean;
}

/**
 * Every field of a score configuration (SSC, and an exam's analysis settings), named by its path in
 * the contract's scoreConfigSchema. Steps follow spec §5: single-subject segments 10–50 and total
 * segments 50–100, by 10.
 */
export function SettingsConfigFields({ disabled }: SettingsConfigFieldsProps) {
  return (
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0 }}>
      <Section title="比率阈值（占满分的百分比）" />
      <Row gutter={16}>
        <NumberField path={['rates', 'excellent']} min={0} max={100} suffix="%" />
        <NumberField path={['rates', 'good']} min={0} max={100} suffix="%" />
        <NumberField path={['rates', 'pass']} min={0} max={100} suffix="%" />
        <NumberField path={['rates', 'low']} min={0} max={100} suffix="%" />
      </Row>

      <Section title="分数线（最多5条）" />
      <Form.List name="lines" rules={[{ validator: linesRule }]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Row gutter={16} key={field.key} align="top" data-testid={`score-line-${index}`}>
                <Col xs={24} sm={8}>
                  <Form.Item
                    label={`${fieldLabel(['lines', 'name'])} ${index + 1}`}
                    name={[field.name, 'name']}
                    rules={[configRule(['lines', index, 'name'])]}
                  >
                    <Input maxLength={20} placeholder="如 本科线" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item label={`分数线类型 ${index + 1}`} name={[field.name, 'kind']}>
                    <Select
                      options={[
                        { value: 'score', label: '按分数' },
                        { value: 'rate', label: '按比例（名次）' },
                      ]}
                      disabled={disabled}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item
                    label={`${fieldLabel(['lines', 'value'])} ${index + 1}`}
                    name={[field.name, 'value']}
                    rules={[configRule(['lines', index, 'value'])]}
                    tooltip="按比例时填 0–1 之间的小数，如 0.15 表示前15%的学生"
                  >
                    <InputNumber min={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={4}>
                  <Form.Item label=" " colon={false}>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={`删除分数线 ${index + 1}`}
                      disabled={disabled}
                      onClick={() => remove(field.name)}
                    />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button
              icon={<PlusOutlined />}
              disabled={disabled || fields.length >= 5}
              onClick={() => add({ name: '', kind: 'score', value: 0 })}
            >
              添加分数线
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>

      <Section title="临界生" />
      <Row gutter={16}>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={fieldLabel(['critical', 'mode'])} name={['critical', 'mode']}>
            <Radio.Group
              disabled={disabled}
              options={[
                { value: 'score', label: '按分数' },
                { value: 'rank', label: '按名次' },
              ]}
            />
          </Form.Item>
        </Col>
        <NumberField path={['critical', 'below']} min={0} suffix="分" />
        <NumberField path={['critical', 'above']} min={0} suffix="分" />
        <NumberField path={['critical', 'rankBand']} min={0} step={1} suffix="名" />
      </Row>

      <Section title="分数段与分段比例" />
      <Row gutter={16}>
        <NumberField path={['segments', 'single']} min={10} max={50} step={10} suffix="分" />
        <NumberField path={['segments', 'total']} min={50} max={100} step={10} suffix="分" />
        <NumberField path={['bands', 'secsA']} min={0} max={1} step={0.05} extra="年级前段学生占比（0–1）" />
        <NumberField path={['bands', 'secsB']} min={0} max={1} step={0.05} extra="到此占比为中段（0–1）" />
      </Row>

      <Section title="班级评价权重（classECSet）" />
      <Row gutter={16}>
        {(
          [
            'standardScore',
            'standardRateWeight',
            'averageRateWeight',
            'secsARateWeight',
            'secsBRateWeight',
            'varianceWeight',
          ] as const
        ).map((key) => (
          <NumberField key={key} path={['classECSet', key]} step={key === 'standardScore' ? 1 : 0.05} />
        ))}
      </Row>
      <Section title="班级综合评比权重（classRSRSet）" />
      <Row gutter={16}>
        {(
          ['standardScore', 'standardRateWeight', 'averageScoreWeight', 'secsARateWeight', 'secsBRateWeight'] as const
        ).map((key) => (
          <NumberField key={key} path={['classRSRSet', key]} step={key === 'standardScore' ? 1 : 0.05} />
        ))}
      </Row>

      <Section title="其他" />
      <Row gutter={16}>
        <NumberField
          path={['imbalanceThreshold']}
          min={0}
          step={0.1}
          extra="最高与最低学科标准分之差达到此值记为偏科"
        />
        <Col xs={24} sm={12} md={6}>
          <Form.Item
            label={fieldLabel(['excludeZero'])}
            name="excludeZero"
            valuePropName="checked"
            extra="缺考总是不计入统计"
          >
            <Switch disabled={disabled} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item label={fieldLabel(['rankMode'])} name="rankMode">
            <Radio.Group
              disabled={disabled}
              options={[
                { value: 'competition', label: '1,1,3' },
                { value: 'dense', label: '1,1,2' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={8}>
          <Form.Item label={fieldLabel(['studentDisclosure'])} name="studentDisclosure">
            <Radio.Group
              disabled={disabled}
              options={[
                { value: 'rank', label: '准确名次' },
                { value: 'band', label: '名次段' },
                { value: 'beat', label: '仅超过百分比' },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
}

async function linesRule(_rule: unknown, lines: unknown[] | undefined) {
  if ((lines?.length ?? 0) > 5) throw new Error('分数线最多5条');
}

/**
 * The whole-configuration check before saving (what a field rule cannot see: the thresholds'
 * order, the number of lines). Shows each message under its field and the first one as a notice.
 */
export function acceptConfig(form: FormInstance, config: ScoreConfig): boolean {
  const errors = scoreConfigErrors(config);
  if (errors.length === 0) return true;
  form.setFields(errors.map((error) => ({ name: error.name, errors: [error.message] })));
  notifyWarning('请检查分析设置', errors[0]?.message);
  return false;
}
