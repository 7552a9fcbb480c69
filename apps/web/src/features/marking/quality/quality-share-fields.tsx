import { InputNumber, Space } from 'antd';

type Shares = { selfCheckPercent: number; seededPercent: number };

const FIELDS: { key: keyof Shares; label: string }[] = [
  { key: 'selfCheckPercent', label: '回评抽检' },
  { key: 'seededPercent', label: '标准卷' },
];

/** 阅卷设置's quality shares of a 题块 (marking.md "Quality"): 回评抽检 and the 标准卷 mix rate. */
export function QualityShareFields({ onChange, ...shares }: Shares & { onChange: (values: Partial<Shares>) => void }) {
  return (
    <>
      {FIELDS.map(({ key, label }) => (
        <Space key={key}>
          {label}
          <InputNumber
            aria-label={`${label}比例`}
            min={0}
            max={20}
            precision={0}
            suffix="%"
            value={shares[key]}
            onChange={(v) => onChange({ [key]: v ?? 0 })}
          />
        </Space>
      ))}
    </>
  );
}
