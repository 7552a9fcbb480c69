import { Flex, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { ALL_CLASSES } from '../components/class-picker.tsx';
import { ClassesPanel } from '../components/classes-panel.tsx';
import { CurrentTermBar } from '../components/current-term-bar.tsx';
import { StudentsPanel } from '../components/students-panel.tsx';

/** 班级学生: the classes of the current term and their students. */
export function SchoolClassStudentPage() {
  const { selection, loading, error } = useCurrentSelection();
  const [tab, setTab] = useState<'students' | 'classes'>('students');
  const [classId, setClassId] = useState(ALL_CLASSES);
  const termId = selection?.term.termId;

  // Another term has other classes: start again from all of them.
  useEffect(() => {
    if (termId) setClassId(ALL_CLASSES);
  }, [termId]);

  return (
    <Flex vertical>
      <PageHeader title="班级学生" />
      <CurrentTermBar selection={selection} loading={loading} error={error} />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as typeof tab)}
        items={[
          {
            key: 'students',
            label: '学生',
            children: <StudentsPanel selection={selection} classId={classId} onClassChange={setClassId} />,
          },
          {
            key: 'classes',
            label: '班级',
            children: (
              <ClassesPanel
                selection={selection}
                onShowStudents={(id) => {
                  setClassId(id);
                  setTab('students');
                }}
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
