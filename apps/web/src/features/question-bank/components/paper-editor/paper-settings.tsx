import { Card, Flex, Input, Segmented, Switch, Typography } from 'antd';
import type { EditorAction } from './editor-actions.ts';
import { type EditorPaper, paperTotal, questionCount } from './editor-model.ts';

export interface PaperSettingsProps {
  paper: EditorPaper;
  dispatch: (action: EditorAction) => void;
}

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Flex vertical gap={4}>
    <Typography.Text type="secondary">{label}</Typography.Text>
    {children}
  </Flex>
);

/** Title, subtitle, notes to students, paper size and the student information line and seal line. */
export function PaperSettings({ paper, dispatch }: PaperSettingsProps) {
  const { layout } = paper;
  return (
    <Card size="small" title="试卷设置">
      <Flex vertical gap={12}>
        <Flex gap={16} className="qb-editor-totals" aria-label="试卷总计">
          <Typography.Text>
            共 <Typography.Text strong>{questionCount(paper)}</Typography.Text> 题
          </Typography.Text>
          <Typography.Text>
            总分{' '}
            <Typography.Text strong data-testid="paper-total">
              {paperTotal(paper)}
            </Typography.Text>{' '}
            分
          </Typography.Text>
        </Flex>
        <Field label="试卷标题">
          <Input
            aria-label="试卷标题"
            value={paper.title}
            maxLength={100}
            status={paper.title.trim() ? undefined : 'error'}
            placeholder="试卷标题不能为空"
            onChange={(event) => dispatch({ type: 'setText', field: 'title', value: event.target.value })}
          />
        </Field>
        <Field label="副标题">
          <Input
            aria-label="副标题"
            value={paper.subtitle}
            maxLength={100}
            placeholder="如：（满分100分，考试时间90分钟）"
            onChange={(event) => dispatch({ type: 'setText', field: 'subtitle', value: event.target.value })}
          />
        </Field>
        <Field label="注意事项">
          <Input.TextArea
            aria-label="注意事项"
            value={paper.notes}
            maxLength={2000}
            autoSize={{ minRows: 3, maxRows: 8 }}
            onChange={(event) => dispatch({ type: 'setText', field: 'notes', value: event.target.value })}
          />
        </Field>
        <Field label="纸张">
          <Segmented
            aria-label="纸张"
            value={layout.paperSize}
            onChange={(value) => dispatch({ type: 'setLayout', layout: { paperSize: value as 'A4' | 'A3' } })}
            options={[
              { value: 'A4', label: 'A4 纵向' },
              { value: 'A3', label: 'A3 横向两栏' },
            ]}
          />
        </Field>
        <Flex justify="space-between" align="center">
          <Typography.Text>学生信息栏</Typography.Text>
          <Switch
            aria-label="学生信息栏"
            checked={layout.studentInfo}
            onChange={(studentInfo) => dispatch({ type: 'setLayout', layout: { studentInfo } })}
          />
        </Flex>
        <Flex justify="space-between" align="center">
          <Typography.Text>密封线</Typography.Text>
          <Switch
            aria-label="密封线"
            checked={layout.sealLine}
            onChange={(sealLine) => dispatch({ type: 'setLayout', layout: { sealLine } })}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
