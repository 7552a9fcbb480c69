import type { ItemsReport } from '@huikao/contracts';
import { Card, Flex, Statistic, type TableColumnsType } from 'antd';
import { itemRateOption, masteryRadarOption, masteryRateOption } from '../../charts/class-items.ts';
import { optionShareOption } from '../../charts/option-share.ts';
import { formatPercent, formatScore } from '../../format.ts';
import type { ReportContext } from '../report-page.tsx';
import { ReportTable } from '../report-table.tsx';
import {
  type ItemCompareRow,
  itemsAgainstGrade,
  type MasteryCompareRow,
  masteryAgainstGrade,
} from './class-items-rows.ts';
import { ChartRow, SectionNote } from './class-parts.tsx';
import { percentColumn, percentGapColumn, scoreColumn, textColumn } from './columns.ts';

// Sections of question-analysis and class-single-paper-analysis (findItemsReport with the class):
// the paper's figures, each question, and mastery per question group or knowledge point, the class
// beside the grade.

export interface ItemsProps {
  context: ReportContext;
  grade: ItemsReport;
  unit: ItemsReport | null;
}

/** 参考人数, paper difficulty and reliability of the class and of the grade. */
export function PaperFigures({ grade, unit }: Omit<ItemsProps, 'context'>) {
  return (
    <Card size="small" style={{ marginBottom: 16 }} title="试卷概况">
      <Flex gap={32} wrap>
        {unit ? <Statistic title={`${unit.scope.name}人数`} value={unit.count} /> : null}
        <Statistic title={`${grade.scope.name}人数`} value={grade.count} />
        {unit ? <Statistic title="本班难度(得分率)" value={formatPercent(unit.paperDifficulty)} /> : null}
        <Statistic title="年级难度(得分率)" value={formatPercent(grade.paperDifficulty)} />
        <Statistic title="年级信度 α" value={formatScore(grade.alpha)} />
        <Statistic title="年级分半信度" value={formatScore(grade.splitHalf)} />
      </Flex>
    </Card>
  );
}

const ITEM_COLUMNS: TableColumnsType<ItemCompareRow> = [
  textColumn('题号', (row) => row.questionNo),
  textColumn('题组', (row) => row.groupName),
  textColumn('类型', (row) => row.kindName),
  scoreColumn('满分', (row) => row.fullMark),
  scoreColumn('本班均分', (row) => row.classMean),
  percentColumn('本班得分率', (row) => row.classRate, { sortable: true }),
  scoreColumn('年级均分', (row) => row.gradeMean),
  percentColumn('年级得分率', (row) => row.gradeRate, { sortable: true }),
  percentGapColumn('得分率差', (row) => row.rateGap, { sortable: true }),
  scoreColumn('本班区分度', (row) => row.classDiscrimination),
  scoreColumn('年级区分度', (row) => row.gradeDiscrimination),
  scoreColumn('本班校正题总相关', (row) => row.classItemRest),
  scoreColumn('年级校正题总相关', (row) => row.gradeItemRest),
  textColumn('区分度等级', (row) => row.ebel),
  textColumn('答案', (row) => row.answer),
  textColumn('本班选项分布', (row) => row.options),
  textColumn('知识点', (row) => (row.knowledgePoints.length > 0 ? row.knowledgePoints.join('、') : null)),
];

/** Every question: 难度(得分率) of the class and the grade, discrimination, options, knowledge points. */
export function ItemsSection({ context, grade, unit }: ItemsProps) {
  const rows = itemsAgainstGrade(grade, unit);
  const objective = (unit ?? grade).items.filter((item) => item.kind === 1 && item.options && item.options.length > 0);
  const className = unit?.scope.name ?? context.scopeName;
  return (
    <ReportTable
      title="各题分析"
      fileName={context.exportName('各题分析')}
      rows={rows}
      columns={ITEM_COLUMNS}
      rowKey="questionId"
      chart={
        <ChartRow
          rows={rows}
          charts={[
            { option: itemRateOption(rows, className), label: '各题得分率' },
            objective.length > 0
              ? {
                  option: optionShareOption(
                    objective.map((item) => ({
                      questionNo: item.questionNo,
                      answer: item.answer,
                      options: item.options ?? [],
                    })),
                    `${className}客观题选项分布`,
                  ),
                  label: '客观题选项分布',
                }
              : null,
          ]}
        />
      }
      description={
        <SectionNote>
          难度(得分率) = 平均分 ÷ 满分，越高越容易；区分度为 27% 高低分组之差 ÷
          满分，区分度等级按年级区分度（Ebel）；校正题总相关为该题得分与“总分减该题得分”的皮尔逊相关系数。
        </SectionNote>
      }
    />
  );
}

const MASTERY_COLUMNS = (nameTitle: string): TableColumnsType<MasteryCompareRow> => [
  textColumn(nameTitle, (row) => row.name),
  textColumn('题号', (row) => row.questionNos.join('、')),
  scoreColumn('满分', (row) => row.fullMark),
  scoreColumn('本班均分', (row) => row.classMean),
  percentColumn('本班得分率', (row) => row.classRate, { sortable: true }),
  scoreColumn('年级均分', (row) => row.gradeMean),
  percentColumn('年级得分率', (row) => row.gradeRate, { sortable: true }),
  percentGapColumn('得分率差', (row) => row.rateGap, { sortable: true }),
];

export interface MasteryProps extends ItemsProps {
  of: 'groups' | 'knowledge';
}

/** Mastery per question group (题组) or knowledge point (知识点), the class beside the grade. */
export function MasterySection({ context, grade, unit, of }: MasteryProps) {
  const rows = masteryAgainstGrade(grade[of], unit ? unit[of] : null);
  const title = of === 'groups' ? '题组得分' : '知识点掌握';
  const className = unit?.scope.name ?? context.scopeName;
  return (
    <ReportTable
      title={title}
      fileName={context.exportName(title)}
      rows={rows}
      columns={MASTERY_COLUMNS(of === 'groups' ? '题组' : '知识点')}
      rowKey="name"
      chart={
        <ChartRow
          rows={rows}
          charts={[
            { option: masteryRateOption(rows, className, `${title}得分率`), label: `${title}得分率` },
            of === 'knowledge'
              ? (() => {
                  const radar = masteryRadarOption(rows, className);
                  return radar ? { option: radar, label: '知识点掌握雷达图' } : null;
                })()
              : null,
          ]}
        />
      }
      description={
        rows.length === 0 ? (
          <SectionNote>{of === 'groups' ? '本科目没有设置题组。' : '本科目的题目没有标注知识点。'}</SectionNote>
        ) : (
          <SectionNote>得分率 = 该{of === 'groups' ? '题组' : '知识点'}所含题目的平均得分之和 ÷ 满分之和。</SectionNote>
        )
      }
    />
  );
}
