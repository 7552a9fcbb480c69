import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { type DefinitionSettings, type DefinitionTopic, definitionSections } from '../definitions.ts';
import { useExamSettings } from '../queries.ts';

export interface DefinitionsButtonProps {
  topics: readonly DefinitionTopic[];
  /** The exam whose settings the definitions quote (school exams); omitted: the defaults. */
  exam?: { schoolId: string; meId: string };
  /** Settings the page already knows (e.g. the lines of its report), over the exam's. */
  settings?: DefinitionSettings;
}

/** 口径说明: a drawer with the definitions of the figures the page shows, and the exam's settings. */
export function DefinitionsButton({ topics, exam, settings }: DefinitionsButtonProps) {
  const [open, setOpen] = useState(false);
  const stored = useExamSettings(exam?.schoolId ?? '', exam?.meId ?? '', open);
  const sections = definitionSections(topics, { ...stored, ...settings });
  return (
    <>
      <Button icon={<QuestionCircleOutlined />} onClick={() => setOpen(true)}>
        口径说明
      </Button>
      <Drawer title="口径说明" open={open} onClose={() => setOpen(false)} size={520} destroyOnHidden>
        {sections.map((section) => (
          <section key={section.topic} aria-label={section.title} style={{ marginBottom: 16 }}>
            <Typography.Title level={5}>{section.title}</Typography.Title>
            <ul style={{ paddingInlineStart: 20, margin: 0 }}>
              {section.items.map((item) => (
                <li key={item}>
                  <Typography.Text>{item}</Typography.Text>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Drawer>
    </>
  );
}
