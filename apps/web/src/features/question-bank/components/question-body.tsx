import type { Question } from '@huikao/contracts';
import { Flex } from 'antd';
import { FormulaText } from '../../../components/formula-text.tsx';
import { optionColumns, optionLetter } from '../question-layout.ts';

export interface QuestionBodyProps {
  question: Pick<Question, 'stem' | 'options'>;
  /** The number in a paper (1. 2. …); none in the search list. */
  number?: number;
}

/** The stem and, for a choice question, its options A–D laid out as printed papers do. */
export function QuestionBody({ question, number }: QuestionBodyProps) {
  const options = question.options ?? [];
  const columns = optionColumns(options);
  return (
    <Flex vertical gap={6}>
      <Flex gap={4} align="baseline">
        {number !== undefined ? <span style={{ flex: 'none' }}>{number}.</span> : null}
        <FormulaText block text={question.stem} className="qb-stem" />
      </Flex>
      {options.length > 0 ? (
        <ol
          aria-label="选项"
          style={{
            listStyle: 'none',
            margin: 0,
            paddingLeft: number !== undefined ? 20 : 0,
            display: 'grid',
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gap: '4px 16px',
          }}
        >
          {options.map((option, index) => (
            <li key={optionLetter(index)}>
              {optionLetter(index)}. <FormulaText text={option} />
            </li>
          ))}
        </ol>
      ) : null}
    </Flex>
  );
}
