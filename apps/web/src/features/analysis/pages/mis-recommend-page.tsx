import { DIFFICULTY_LEVELS, type MisRecommend } from '@huikao/contracts';
import type { TableColumnsType } from 'antd';
import { Button, Card, Empty, Flex, List, Tag, Typography } from 'antd';
import { FormulaText } from '../../../components/formula-text.tsx';
import { lostRateOption } from '../charts/class-items.ts';
import { ChartRow, Loaded, NoClass, SectionNote, StudentPicker } from '../components/class/class-parts.tsx';
import { percentColumn, scoreColumn, textColumn } from '../components/class/columns.ts';
import { inBasket, usePracticeBasket } from '../components/class/practice-basket.ts';
import { useStudentChoice } from '../components/class/use-class-reports.ts';
import { type ReportContext, type ReportNeeds, ReportPage } from '../components/report-page.tsx';
import { ReportTable } from '../components/report-table.tsx';
import type { DefinitionTopic } from '../definitions.ts';
import { useReport } from '../queries.ts';

const NEEDS = { subject: 'course', unit: 'class', step: false } as const satisfies ReportNeeds;
const TOPICS: DefinitionTopic[] = ['basic', 'items'];

type MisItem = MisRecommend['items'][number];
type Practice = MisItem['similar'][number];

/**
 * 错题推荐 (mis-recommend): the questions of one course the class (or a chosen student) lost the
 * biggest share of, with their knowledge points and similar questions of the question bank to
 * practise, each one click from the teacher's basket.
 */
export function MisRecommendPage() {
  return (
    <ReportPage title="错题推荐" definitions={TOPICS} needs={NEEDS}>
      {(context) =>
        context.classId && context.subject.seId ? (
          <Recommend context={context} classId={context.classId} seId={context.subject.seId} />
        ) : (
          <NoClass />
        )
      }
    </ReportPage>
  );
}

function Recommend({ context, classId, seId }: { context: ReportContext; classId: string; seId: string }) {
  const { schoolId, meId } = context;
  const choice = useStudentChoice(context, classId);
  const { studentId, student } = choice;
  const report = useReport('findMisRecommend', meId, { schoolId, seId, classId, studentId }, choice.ready);
  return (
    <>
      <StudentPicker choice={choice} />
      <Loaded data={report.data} error={report.error} what="错题推荐">
        {(data) => <MisSection context={context} data={data} who={student?.name ?? null} />}
      </Loaded>
    </>
  );
}

function columns(who: string | null): TableColumnsType<MisItem> {
  return [
    textColumn('题号', (row) => row.questionNo),
    scoreColumn('满分', (row) => row.fullMark),
    scoreColumn(who === null ? '本班均分' : `${who}得分`, (row) => row.mean),
    scoreColumn('年级均分', (row) => row.gradeMean),
    percentColumn('失分率', (row) => row.lostRate, { sortable: true }),
    textColumn('知识点', (row) => (row.knowledgePoints.length > 0 ? row.knowledgePoints.join('、') : null)),
    textColumn('推荐练习', (row) => (row.similar.length > 0 ? `${row.similar.length} 题` : '题库中暂无同知识点的题目')),
  ];
}

function MisSection({ context, data, who }: { context: ReportContext; data: MisRecommend; who: string | null }) {
  const basket = usePracticeBasket(data.subject.subjectKey);
  const whose = who ?? data.scope.name;
  return (
    <>
      <ReportTable
        title={`${whose}失分最多的题目`}
        fileName={context.exportName('错题', who ?? '')}
        rows={data.items}
        columns={columns(who)}
        rowKey="questionId"
        chart={
          <ChartRow rows={data.items} charts={[{ option: lostRateOption(data.items, whose), label: '各题失分率' }]} />
        }
        description={
          <SectionNote>
            失分率 = 1 − {who === null ? '本班均分' : '得分'} ÷ 满分，按失分率从高到低，最多列出 10
            题；每题推荐题库中同知识点的练习题，可直接加入试题篮组卷。
          </SectionNote>
        }
      />
      <Card title="推荐练习" style={{ marginBottom: 16 }}>
        {data.items.length === 0 ? (
          <Empty description={who === null ? '本班这一科没有失分的题目' : `${who}这一科没有失分的题目`} />
        ) : (
          data.items.map((item) => (
            <section key={item.questionId} aria-label={`第${item.questionNo}题的推荐练习`} style={{ marginBottom: 16 }}>
              <Typography.Text strong>
                第 {item.questionNo} 题{' '}
                {item.knowledgePoints.length > 0 ? `（${item.knowledgePoints.join('、')}）` : ''}
              </Typography.Text>
              <List<Practice>
                size="small"
                dataSource={item.similar}
                locale={{ emptyText: '题库中暂无同知识点的题目' }}
                renderItem={(practice) => (
                  <List.Item
                    data-ques-id={practice.quesId}
                    actions={[
                      inBasket(basket.basket, practice.quesId) ? (
                        <Button key="in" size="small" disabled>
                          已在试题篮
                        </Button>
                      ) : (
                        <Button
                          key="add"
                          size="small"
                          type="primary"
                          loading={basket.pendingId === practice.quesId}
                          onClick={() => basket.add(practice.quesId)}
                        >
                          加入试题篮
                        </Button>
                      ),
                    ]}
                  >
                    <Flex vertical gap={4} style={{ minWidth: 0 }}>
                      <Flex gap={4}>
                        <Tag>{practice.typeName}</Tag>
                        <Tag>{difficultyName(practice.difficulty)}</Tag>
                      </Flex>
                      <FormulaText text={practice.stem} block />
                    </Flex>
                  </List.Item>
                )}
              />
            </section>
          ))
        )}
      </Card>
    </>
  );
}

function difficultyName(level: number): string {
  return DIFFICULTY_LEVELS.find((candidate) => candidate.id === String(level))?.name ?? `难度${level}`;
}
