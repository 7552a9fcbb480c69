import type { StudentRow } from '@huikao/contracts';
import { studentScoresOption } from '../charts/class-views.ts';
import { bySubjectScore, classCardColumns } from '../components/class/card-rows.ts';
import { ChartRow, Loaded, NoClass, SectionNote } from '../components/class/class-parts.tsx';
import { useClassStudents } from '../components/class/use-class-reports.ts';
import { reportCardColumns } from '../components/grade/report-card.tsx';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import { ReportTable } from '../components/report-table.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useExamSettings } from '../queries.ts';

const NEEDS = { subject: 'any', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['ranks', 'progress', 'imbalance'];

/**
 * 班级成绩单 (report-card): the class's students with the subjects the caller reads there (a course
 * teacher: their course; the class head: every course and the total), class and grade ranks,
 * progress and 偏科 — the grade card's columns over the whole class. The chosen subject orders the
 * list and is the one charted.
 */
export function ReportCardPage() {
  return (
    <ReportPage title="班级成绩单" definitions={TOPICS} needs={NEEDS}>
      {(context) => (context.classId ? <ClassReportCard context={context} classId={context.classId} /> : <NoClass />)}
    </ReportPage>
  );
}

function ClassReportCard({ context, classId }: { context: ReportContext; classId: string }) {
  const { schoolId, meId, subjectKey, subject } = context;
  const students = useClassStudents(context, classId);
  const settings = useExamSettings(schoolId, meId);
  return (
    <Loaded data={students.data} error={students.error} what="班级成绩单">
      {(page) => {
        const rows = [...page.list].sort(bySubjectScore(subjectKey));
        const columns = classCardColumns(
          reportCardColumns(page.subjects, [], settings?.rankMode === 'dense'),
          page.ranksHidden,
        );
        return (
          <ReportTable<StudentRow>
            title="班级成绩单"
            rowKey="studentId"
            rows={rows}
            columns={columns}
            keyColumns={2}
            fileName={context.exportName()}
            pageSize={100}
            chart={
              <ChartRow
                rows={rows}
                charts={[
                  { option: studentScoresOption(rows, subjectKey, subject.name), label: '学生成绩', height: 360 },
                ]}
              />
            }
            description={
              <SectionNote>
                {context.scopeName}共 {page.total} 名学生，按{subject.name}成绩从高到低排列（缺考在后）。
                {page.ranksHidden ? ' 本次考试设置了隐藏名次，名次不显示。' : ''}
              </SectionNote>
            }
          />
        );
      }}
    </Loaded>
  );
}
