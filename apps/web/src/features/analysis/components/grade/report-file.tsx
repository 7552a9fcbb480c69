import { FileExcelOutlined, FileWordOutlined } from '@ant-design/icons';
import { analysisApi, type ReportExam } from '@huikao/contracts';
import { Button, Card, Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { callFile } from '../../../../lib/api-client.ts';
import { saveDownload } from '../../../../lib/download.ts';
import type { ReportContext } from '../report-page.tsx';

type Kind = 'workbook' | 'summary';

const FILES: Record<Kind, { title: string; button: string; text: string; icon: React.ReactNode }> = {
  workbook: {
    title: 'Excel 报表',
    button: '下载 Excel 报表',
    text: '本次考试分析报告的表格：年级概况、分数段、班级对比、学科分析、上线分析、临界生、各科试题分析和成绩单，每张表一个工作表。',
    icon: <FileExcelOutlined />,
  },
  summary: {
    title: 'Word 分析报告',
    button: '下载 Word 报告',
    text: '本次考试的文字分析报告：总体情况、班级情况、学科情况、上线情况和关注学生，附主要图表。',
    icon: <FileWordOutlined />,
  },
};

/** 年级报告文件: the exam's report package, built on the server from the stored reports. */
export function GradeReportFile({ ctx }: { ctx: ReportContext<ReportExam> }) {
  const [running, setRunning] = useState<Kind | null>(null);
  async function download(kind: Kind) {
    setRunning(kind);
    try {
      const endpoint = kind === 'workbook' ? analysisApi.exportReportWorkbook : analysisApi.exportReportSummary;
      saveDownload(await callFile(endpoint, { schoolId: ctx.schoolId, meId: ctx.meId }));
    } catch {
      // Shown by the api-client.
    } finally {
      setRunning(null);
    }
  }
  return (
    <Row gutter={16}>
      {(Object.keys(FILES) as Kind[]).map((kind) => (
        <Col xs={24} md={12} key={kind}>
          <Card title={FILES[kind].title} size="small" style={{ marginBottom: 16 }}>
            <Typography.Paragraph type="secondary">{FILES[kind].text}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">考试：{ctx.exam.name}</Typography.Paragraph>
            <Button
              type="primary"
              icon={FILES[kind].icon}
              loading={running === kind}
              disabled={running !== null && running !== kind}
              onClick={() => void download(kind)}
            >
              {FILES[kind].button}
            </Button>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
