import { Flex, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PublishExamsPanel } from '../components/publish-exams-panel.tsx';
import { ScoreRecordsPanel } from '../components/score-records-panel.tsx';
import { SettingsElaPanel } from '../components/settings-ela-panel.tsx';
import { SettingsSscPanel } from '../components/settings-ssc-panel.tsx';

const TABS = [
  { key: 'publish', label: '考试发布' },
  { key: 'records', label: '成绩更正' },
  { key: 'ssc', label: '成绩分析设置' },
  { key: 'ela', label: '等级赋分方案' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const PANELS: Record<TabKey, () => React.ReactNode> = {
  publish: () => <PublishExamsPanel />,
  records: () => <ScoreRecordsPanel />,
  ssc: () => <SettingsSscPanel />,
  ela: () => <SettingsElaPanel />,
};

/** 成绩管理: publishing exams to analysis and students, score corrections, and the school's settings. */
export function AnalysisManagerPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = TABS.some((candidate) => candidate.key === requested) ? (requested as TabKey) : 'publish';

  return (
    <Flex vertical>
      <PageHeader title="成绩管理" />
      <Tabs
        activeKey={tab}
        // The tab lives in the URL (?tab=…): a reload or a shared link opens the same tab.
        onChange={(key) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        destroyOnHidden
        items={TABS.map(({ key, label }) => ({ key, label, children: PANELS[key]() }))}
      />
    </Flex>
  );
}
