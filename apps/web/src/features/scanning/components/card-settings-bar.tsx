import type { CardLayoutChange, CardTemplate } from '@huikao/contracts';
import { Flex, Form, InputNumber, Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import {
  BLOCK_ORDER_OPTIONS,
  columnsFor,
  DEFAULT_BLOCK_ORDER,
  DEFAULT_QUESTIONS_PER_BLOCK,
  IDENTITY_OPTIONS,
  PAPER_OPTIONS,
  QUESTIONS_PER_BLOCK_OPTIONS,
  SIDES_OPTIONS,
} from '../card-labels.ts';

export interface CardSettingsBarProps {
  card: CardTemplate;
  disabled: boolean;
  /** Saves the change; a refusal rejects (the api-client has said why). */
  onChange: (change: CardLayoutChange) => Promise<void>;
}

/**
 * The card's page settings: paper and columns, one or two sides, how the student is identified,
 * the 考号's length and the bubble layout (题组大小, 选择题排列). Each choice is saved at once (the server lays the card out again); the
 * 考号 length when the field is left or Enter is pressed, as typed, so the server's message
 * explains a length it refuses.
 */
export function CardSettingsBar({ card, disabled, onChange }: CardSettingsBarProps) {
  const { settings } = card;
  const [length, setLength] = useState<number | null>(settings.examNumberLength);
  useEffect(() => setLength(settings.examNumberLength), [settings.examNumberLength]);

  const commitLength = () => {
    if (length === settings.examNumberLength) return;
    // A refused length goes back to the stored one, so the field never shows what was not saved.
    onChange({ examNumberLength: length ?? 0 }).catch(() => setLength(settings.examNumberLength));
  };

  return (
    <Form layout="inline" disabled={disabled} component="div" style={{ rowGap: 8 }}>
      <Form.Item label="纸张">
        <Segmented
          aria-label="纸张"
          value={settings.paper}
          options={PAPER_OPTIONS.map((option) => ({ ...option }))}
          onChange={(paper) => void onChange({ paper: paper as 'A4' | 'A3' }).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item label="栏数">
        <Segmented
          aria-label="栏数"
          value={settings.columns}
          options={columnsFor(settings.paper).map((value) => ({ value, label: `${value} 栏` }))}
          onChange={(columns) => void onChange({ columns: columns as 1 | 2 | 3 }).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item label="印刷">
        <Segmented
          aria-label="单双面"
          value={settings.sides}
          options={SIDES_OPTIONS.map((option) => ({ ...option }))}
          onChange={(sides) => void onChange({ sides: sides as 1 | 2 }).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item label="考生识别">
        <Select
          aria-label="考生识别"
          style={{ width: 170 }}
          value={settings.identityMode}
          options={IDENTITY_OPTIONS.map((option) => ({ ...option }))}
          onChange={(identityMode) => void onChange({ identityMode }).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item label="考号位数">
        <Flex gap={4} align="center">
          <InputNumber<number>
            aria-label="考号位数"
            style={{ width: 80 }}
            precision={0}
            value={length}
            onChange={setLength}
            onBlur={commitLength}
            // Enter leaves the field, which commits once (a refusal remounts the bar, blurring it again).
            onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
          />
          位
        </Flex>
      </Form.Item>
      <Form.Item label="题组大小">
        <Select
          aria-label="题组大小"
          style={{ width: 110 }}
          value={settings.questionsPerBlock ?? DEFAULT_QUESTIONS_PER_BLOCK}
          options={QUESTIONS_PER_BLOCK_OPTIONS}
          onChange={(questionsPerBlock) => void onChange({ questionsPerBlock }).catch(() => undefined)}
        />
      </Form.Item>
      <Form.Item label="选择题排列">
        <Segmented
          aria-label="选择题排列"
          value={settings.blockOrder ?? DEFAULT_BLOCK_ORDER}
          options={BLOCK_ORDER_OPTIONS}
          onChange={(blockOrder) => void onChange({ blockOrder }).catch(() => undefined)}
        />
      </Form.Item>
    </Form>
  );
}
