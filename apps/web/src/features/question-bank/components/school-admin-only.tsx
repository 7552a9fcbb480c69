import { Result } from 'antd';
import { PageHeader } from '../../../components/page-header.tsx';

/** What a teacher (type 1) sees on a management screen: the server would refuse every call anyway. */
export function SchoolAdminOnly({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Result
        status="403"
        title="仅教务管理员可以管理校本题库"
        subTitle="本校已发布的试题和试卷可在“校本试题”“校本试卷”中查看"
      />
    </>
  );
}
