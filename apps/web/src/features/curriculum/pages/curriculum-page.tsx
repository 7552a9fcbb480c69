import { curriculumApi } from '@huikao/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Switch, Tabs, Typography } from 'antd';
import { PageHeader } from '../../../components/page-header.tsx';
import { call } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCurriculumContext, useSetting } from '../api.ts';
import { CoursesPanel } from '../components/courses-panel.tsx';
import { MajorsPanel } from '../components/majors-panel.tsx';

/** 专业课程 (个人中心): the school's courses, majors by enter year and each major's teaching plan. */
export function CurriculumPage() {
  const { schoolId, canEdit } = useCurriculumContext();
  const setting = useSetting(schoolId);
  const client = useQueryClient();
  const enabled = setting.data?.majorsEnabled === true;

  async function toggle(next: boolean) {
    try {
      await call(curriculumApi.saveSetting, { schoolId, majorsEnabled: next });
    } catch {
      return; // shown by the api-client
    }
    await client.invalidateQueries({ queryKey: ['curriculum'] });
    notifySuccess(next ? '已启用专业' : '已停用专业');
  }

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="专业课程"
        description="职业学校和新高考选科学校：本校课程、各级专业及其分学期教学计划和课次。"
        extra={
          canEdit ? (
            <Flex gap={8} align="center">
              <Typography.Text>本校启用专业</Typography.Text>
              <Switch aria-label="本校启用专业" checked={enabled} loading={setting.isFetching} onChange={toggle} />
            </Flex>
          ) : null
        }
      />
      {setting.data && !enabled ? (
        <Alert
          type="info"
          showIcon
          message="本校尚未启用专业"
          description={canEdit ? '打开右上角“本校启用专业”后，教师的个人中心会显示本页。' : '请联系教务管理员启用。'}
        />
      ) : null}
      {enabled ? (
        <Tabs
          items={[
            { key: 'courses', label: '课程', children: <CoursesPanel /> },
            { key: 'majors', label: '专业与教学计划', children: <MajorsPanel /> },
          ]}
        />
      ) : null}
    </Flex>
  );
}
