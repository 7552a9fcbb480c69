import { InputNumber, Table, Typography } from 'antd';
import type { CardBox } from '../card-types.ts';

export interface BoxHeightListProps {
  boxes: CardBox[];
  disabled: boolean;
  onResize: (boxId: string, heightMm: number) => void;
}

/** The answer boxes as a list: the same heights the handles drag, typed in millimetres. */
export function BoxHeightList({ boxes, disabled, onResize }: BoxHeightListProps) {
  if (boxes.length === 0) return <Typography.Text type="secondary">这张答题卡没有主观题答题框</Typography.Text>;
  return (
    <Table<CardBox>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={boxes}
      columns={[
        { key: 'label', title: '答题框', dataIndex: 'label' },
        { key: 'marks', title: '满分', dataIndex: 'fullMarks', width: 60 },
        {
          key: 'height',
          title: '高度（毫米）',
          width: 120,
          render: (_v, box) => (
            <InputNumber<number>
              key={`${box.id}-${box.height}`}
              aria-label={`${box.label}高度`}
              size="small"
              disabled={disabled}
              precision={0}
              defaultValue={box.height}
              onBlur={(event) => {
                const value = Number(event.target.value);
                if (Number.isFinite(value) && value !== box.height) onResize(box.id, value);
              }}
              onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
            />
          ),
        },
      ]}
    />
  );
}
