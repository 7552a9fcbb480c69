import { Flex, Tabs } from 'antd';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { ClassTeachersPanel } from '../components/class-teachers-panel.tsx';
import { CurrentTermBar } from '../components/current-term-bar.tsx';
import { TeachersPanel } from '../components/teachers-panel.tsx';

/** 任课教师: the school's teachers, and the class-teacher links of the current term. */
export function SchoolClassTeacherPage() {
  const { selection, loading, error } = useCurrentSelection();
  return (
    <Flex vertical>
      <PageHeader title="任课教师" />
      <Tabs
        items={[
          { key: 'teachers', label: '教师', children: <TeachersPanel /> },
          {
            key: 'links',
            label: '任课关系',
            children: (
              <>
                <CurrentTermBar selection={selection} loading={loading} error={error} />
                <ClassTeachersPanel selection={selection} />
              </>
            ),
          },
        ]}
      />
    </Flex>
  );
}
