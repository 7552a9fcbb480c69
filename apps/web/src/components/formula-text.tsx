import 'katex/dist/katex.min.css';
import { type FormulaSegment, splitFormulaText as splitFormula, splitPictures } from '@huikao/contracts';
import katex from 'katex';
import { Fragment, memo, useMemo } from 'react';
import { QuestionPicture } from './question-picture.tsx';

export interface FormulaTextProps {
  /** Question text with `$…$` formulas and `{{图:…}}` stored pictures; never HTML. */
  text: string;
  /** Rendered as a block (a stem, an explanation) rather than inline (an option). */
  block?: boolean;
  className?: string;
}

/**
 * Question text with its formulas rendered by KaTeX. Text goes through React (escaped); the only
 * HTML injected is KaTeX's own output, and a formula KaTeX cannot parse is shown in red as its
 * source (throwOnError false), never as an exception.
 */
export const FormulaText = memo(function FormulaText({ text, block, className }: FormulaTextProps) {
  const segments = useMemo(() => splitFormula(text), [text]);
  const Tag = block ? 'div' : 'span';
  return (
    <Tag className={className} style={block ? { whiteSpace: 'pre-wrap', lineHeight: 1.9 } : { whiteSpace: 'pre-wrap' }}>
      {segments.map((segment, index) => (
        // Segments never reorder: the index is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: positional segments of one text
        <Fragment key={index}>{renderSegment(segment)}</Fragment>
      ))}
    </Tag>
  );
});

function renderSegment(segment: FormulaSegment) {
  if (segment.kind === 'text') {
    const parts = splitPictures(segment.text);
    if (parts.length === 1 && parts[0]!.kind === 'text') return segment.text;
    return parts.map((part, index) =>
      part.kind === 'text' ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional parts of one text
        <Fragment key={index}>{part.text}</Fragment>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: positional parts of one text
        <QuestionPicture key={index} schoolId={part.schoolId} file={part.file} />
      ),
    );
  }
  return <Formula tex={segment.tex} display={segment.display} />;
}

function Formula({ tex, display }: { tex: string; display: boolean }) {
  const html = useMemo(
    () =>
      katex.renderToString(tex, { throwOnError: false, output: 'htmlAndMathml', displayMode: display, strict: false }),
    [tex, display],
  );
  // KaTeX escapes the TeX it is given; this is the one place its HTML enters the page.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output only
  return <span className="qb-formula" dangerouslySetInnerHTML={{ __html: html }} />;
}
