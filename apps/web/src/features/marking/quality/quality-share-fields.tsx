import { InputNumber, Space } from 'antd';

/** 阅卷设置's quality shares of a 题块 (marking.md "Quality"): 回评抽检 and the 标准卷 mix rate. */
export function QualityShareFields({
  selfCheckPercent,
  seededPercent,
  onChange,
}: {
  selfCheckPercent: number;
  seededPercent: number;
  onChange: (values: { selfCheckPercent?: number; seededPercent?: number }) => void;
}) {
  return (
    <>
      <Space>
        回评抽检
        <InputNumber
          aria-label="回评抽检比例"
          min={0}
          max={20}
          precision={0}
          suffix="%"
          value={selfCheckPercent}
          onChange={(v) => onChange({ selfCheckPercent: v ?? 0 })}
        />
      </Space>
      <Space>
        标准卷
        <InputNumber
          aria-label="标准卷比例"
          min={0}
          max={20}
          precision={0}
          suffix="%"
          value={seededPercent}
          onChange={(v) => onChange({ seededPercent: v ?? 0 })}
        />
      </Space>
    </>
  );
}
