import { examsApi } from '@huikao/contracts';
import { useQuery } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { call } from '../../../lib/api-client.ts';
import { heatmapHeight, scoreHeatmapOption } from '../charts/class-heatmap.ts';
import { ChartRow, Loaded, NoClass, SectionNote } from '../components/class/class-parts.tsx';
import { rankColumn, scoreColumn, textColumn } from '../components/class/columns.ts';
import {
  classMeanRow,
  type HeatmapStudent,
  type ScoreHeatmap,
  scoreHeatmap,
} from '../components/class/heatmap-rows.ts';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import { ReportTable } from '../components/report-table.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { formatScore } from '../format.ts';
import { analysisKeys, useReport } from '../queries.ts';

const NEEDS = { subject: 'course', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'items', 'ranks'];

/**
 * 单科小题分析 (class-single-question-analysis): one course's questions for the class — each
 * student's score on each question as a heat map (colour: share of the question's full mark), and
 * the same scores as a table with the class mean of each question.
 */
export function ClassSingleQuestionAnalysisPage() {
  return (
    <ReportPage title="单科小题分析" definitions={TOPICS} needs={NEEDS}>
      {(context) =>
        context.classId && context.subject.seId ? (
          <QuestionHeatmap context={context} classId={context.classId} seId={context.subject.seId} />
        ) : (
          <NoClass />
        )
      }
    </ReportPage>
  );
}

function QuestionHeatmap({ context, classId, seId }: { context: ReportContext; classId: string; seId: string }) {
  const { schoolId, meId, subjectKey } = context;
  const items = useReport('findItemsReport', meId, { schoolId, meId, subjectKey, classId });
  // The students' papers are the exams module's call; filed under the exam's reports so a finished
  // recomputation (scores changed) reloads them with the rest.
  const papers = useQuery({
    queryKey: [...analysisKeys.exam(schoolId, meId), 'findAnswerScoresBySeId', seId, classId],
    queryFn: ({ signal }) => call(examsApi.findAnswerScoresBySeId, { schoolId, seId, classId }, { signal }),
  });
  const data = items.data && papers.data ? { items: items.data, papers: papers.data } : undefined;
  return (
    <Loaded data={data} error={items.error ?? papers.error} what="单科小题分析">
      {({ items: { grade, unit }, papers: { students } }) => (
        <HeatmapSection context={context} map={scoreHeatmap(grade.items, unit?.items ?? [], students)} />
      )}
    </Loaded>
  );
}

function heatmapColumns(questions: ScoreHeatmap['questions']): TableColumnsType<HeatmapStudent> {
  return [
    textColumn('学号', (row) => row.studentNo),
    textColumn('姓名', (row) => row.name),
    scoreColumn('得分', (row) => row.total, { sortable: true }),
    rankColumn('班级名次', (row) => row.classRank, { sortable: true }),
    ...questions.map((question, index) =>
      scoreColumn<HeatmapStudent>(
        `${question.questionNo}（${formatScore(question.fullMark)}分）`,
        (row) => row.scores[index],
        {
          key: question.questionId,
        },
      ),
    ),
  ];
}

function HeatmapSection({ context, map }: { context: ReportContext; map: ScoreHeatmap }) {
  const rows = map.students.length > 0 ? [...map.students, classMeanRow(map)] : [];
  return (
    <ReportTable
      title="学生小题得分"
      fileName={context.exportName('小题得分')}
      rows={rows}
      columns={heatmapColumns(map.questions)}
      rowKey="studentId"
      chart={
        <ChartRow
          rows={rows}
          charts={[{ option: scoreHeatmapOption(map), label: '小题得分热力图', height: heatmapHeight(map) }]}
        />
      }
      description={
        <SectionNote>
          {context.scopeName} {context.subject.name}：颜色表示得分占该题满分的比例（红 0%，绿
          100%），格中数字为得分；空白为未评分。
          {map.absent.length > 0
            ? ` 缺考 ${map.absent.length} 人（${map.absent.map((s) => s.name).join('、')}）不计入。`
            : ''}
        </SectionNote>
      }
    />
  );
}
