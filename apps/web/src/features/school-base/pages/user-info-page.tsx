import { type ClassTeacher, GENDERS, USER_TYPE_NAMES, type UserType } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { PageHeader } from '../../../components/page-header.tsx';
import { TermPicker } from '../../../components/term-picker.tsx';
import { useAppStore } from '../../../lib/app-store.ts';
import { useCurrentSelection } from '../../../lib/current-selection.ts';
import { schoolBaseQueries } from '../queries.ts';
import { useSchoolContext } from '../school-context.ts';

/** 个人信息: the user's own profile, teacher record, classes and roles, and the current selection. */
export function UserInfoPage() {
  const { loginName } = useSchoolContext();
  const info = useQuery(schoolBaseQueries.userInfo(loginName));
  const openChangePassword = useAppStore((state) => state.openChangePassword);
  const { selection, years, loading, chooseTerm } = useCurrentSelection();

  const user = info.data?.user;
  const teacher = info.data?.schoolTeacher ?? null;
  const links = info.data?.schoolClassTeachers ?? [];
  const leaders = info.data?.schoolOrganLeaders ?? [];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="个人信息"
        extra={
          <Button type="primary" onClick={() => openChangePassword(false)}>
            修改密码
          </Button>
        }
      />
      <Card title="基本信息">
        {user ? (
          <Descriptions column={{ xs: 1, md: 2 }} data-testid="user-profile">
            <Descriptions.Item label="姓名">{user.name}</Descriptions.Item>
            <Descriptions.Item label="账号">{user.loginName}</Descriptions.Item>
            <Descriptions.Item label="用户类型">
              {USER_TYPE_NAMES[user.type as UserType] ?? user.type}
            </Descriptions.Item>
            <Descriptions.Item label="学校">{user.schoolName}</Descriptions.Item>
            <Descriptions.Item label="用户编号">{user.userCode}</Descriptions.Item>
            {teacher ? (
              <>
                <Descriptions.Item label="手机号">{teacher.phone || '—'}</Descriptions.Item>
                <Descriptions.Item label="性别">
                  {teacher.gender ? GENDERS[teacher.gender as keyof typeof GENDERS] : '—'}
                </Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        ) : (
          <Skeleton active loading={info.isLoading} />
        )}
      </Card>
      <Card title="当前学年学期">
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">
            班级、任课关系等按这里选择的学年学期显示；默认是今天所在的学期。页面顶部也可以切换。
          </Typography.Text>
          <TermPicker years={years} value={selection} onChange={chooseTerm} loading={loading} />
        </Flex>
      </Card>
      <Card title="本学期任教班级">
        <Table<ClassTeacher>
          size="small"
          rowKey="scteaId"
          dataSource={links}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无任教班级" /> }}
          columns={[
            { key: 'grade', title: '年级', dataIndex: 'gradeName' },
            { key: 'class', title: '班级', dataIndex: 'className' },
            { key: 'course', title: '学科', render: (_, link) => link.courseName ?? '—' },
            {
              key: 'head',
              title: '班主任',
              render: (_, link) => (link.isHead ? <Tag color="blue">班主任</Tag> : null),
            },
          ]}
        />
      </Card>
      {leaders.length > 0 ? (
        <Card title="组织职务">
          <Flex gap={8} wrap>
            {leaders.map((leader) => {
              const scope = [leader.gradeName, leader.courseName].filter(Boolean).join(' ');
              return (
                <Tag key={leader.solId} color="geekblue">
                  {leader.roleName}
                  {scope ? `（${scope}）` : ''}
                </Tag>
              );
            })}
          </Flex>
        </Card>
      ) : null}
    </Flex>
  );
}
