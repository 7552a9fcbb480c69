import { STUDENT_INFO_FIELDS, scoreText, sectionHeading } from '@huikao/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { FormulaText } from '../../../../components/formula-text.tsx';
import { QuestionBody } from '../question-body.tsx';
import { answerHeightOf, type EditorPaper, paperTotal, questionCount, shownQuestion } from './editor-model.ts';

// The paper as it prints, in millimetres: A4 portrait (210 mm) or A3 landscape (420 mm) in two
// columns, 宋体 10.5 pt, the seal line in the left margin, the student information line, each
// section headed as the Word export heads it, and the answer space under each question. The same
// element is what the browser prints (@page sets the sheet; the app's frame is hidden).

export interface PaperPreviewProps {
  paper: EditorPaper;
  /** Answers and explanations after each question (教师版). */
  withAnswers?: boolean;
}

const MARGIN = { top: 18, right: 20, bottom: 18, left: 20, sealLeft: 32 };

export function pageOf(layout: EditorPaper['layout']) {
  const a3 = layout.paperSize === 'A3';
  return {
    widthMm: a3 ? 420 : 210,
    heightMm: 297,
    columns: a3 ? 2 : layout.columns,
    leftMm: layout.sealLine ? MARGIN.sealLeft : MARGIN.left,
    pageRule: a3 ? 'A3 landscape' : 'A4 portrait',
  };
}

/** The seal line's strip sits this far from the sheet's left edge. */
const SEAL_OFFSET_MM = 6;

function printCss(layout: EditorPaper['layout']): string {
  const page = pageOf(layout);
  // With a seal line the printed page keeps only the strip's margin on the left, and the paper is
  // padded by the rest, so the fixed strip (repeated on every page) lands in the margin.
  const left = layout.sealLine ? SEAL_OFFSET_MM : page.leftMm;
  const padding = layout.sealLine ? page.leftMm - SEAL_OFFSET_MM : 0;
  return `
@media print {
  @page { size: ${page.pageRule}; margin: ${MARGIN.top}mm ${MARGIN.right}mm ${MARGIN.bottom}mm ${left}mm; }
  .ant-layout-header, .ant-layout-sider, .ant-layout-footer, .ant-float-btn, .ant-notification,
  .qb-editor-no-print { display: none !important; }
  .ant-layout, .ant-layout-content { padding: 0 !important; margin: 0 !important; background: #fff !important; }
  .qb-paper-scale { zoom: 1 !important; overflow: visible !important; padding: 0 !important; background: none !important; }
  .qb-paper-sheet { width: auto !important; min-height: 0 !important; padding: 0 0 0 ${padding}mm !important; box-shadow: none !important; margin: 0 !important; }
  .qb-seal-line { position: fixed !important; left: 0 !important; top: 0 !important; bottom: 0 !important; }
  .qb-paper-question { break-inside: avoid; }
  body { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}`;
}

/** Fits the sheet (in mm) to the width of its container on screen; printing resets it to 1. */
function useFitZoom(widthMm: number) {
  const [zoom, setZoom] = useState(1);
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fit = () => setZoom(Math.min(1, (element.clientWidth - 32) / ((widthMm * 96) / 25.4)));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [widthMm]);
  return { ref, zoom };
}

const SEAL = `${STUDENT_INFO_FIELDS.map((f) => `${f}：__________`).join('　')}　……………密……………封……………线……………内……………不……………要……………答……………题……………`;

export function PaperPreview({ paper, withAnswers = false }: PaperPreviewProps) {
  const page = pageOf(paper.layout);
  const { ref, zoom } = useFitZoom(page.widthMm);
  let number = 0;
  return (
    <div ref={ref} style={{ background: '#f0f2f5', padding: 16 }}>
      <style>{printCss(paper.layout)}</style>
      <div className="qb-paper-scale" style={{ zoom }}>
        <article
          className="qb-paper-sheet qb-paper-print"
          aria-label="试卷预览"
          style={{
            position: 'relative',
            boxSizing: 'border-box',
            width: `${page.widthMm}mm`,
            minHeight: `${page.heightMm}mm`,
            margin: '0 auto',
            padding: `${MARGIN.top}mm ${MARGIN.right}mm ${MARGIN.bottom}mm ${page.leftMm}mm`,
            background: '#fff',
            boxShadow: '0 2px 12px rgba(0,0,0,0.12)',
            fontFamily: '"Times New Roman", SimSun, "宋体", "Songti SC", serif',
            fontSize: '10.5pt',
            lineHeight: 1.8,
            color: '#000',
          }}
        >
          {paper.layout.sealLine ? (
            <aside
              className="qb-seal-line"
              aria-label="密封线"
              style={{
                position: 'absolute',
                left: `${SEAL_OFFSET_MM}mm`,
                top: '15mm',
                bottom: '15mm',
                width: '12mm',
                boxSizing: 'border-box',
                borderRight: '1px dashed #000',
                // Read from the bottom up, as a paper's seal line is (Word: btLr).
                writingMode: 'sideways-lr',
                textAlign: 'center',
                fontSize: '9pt',
                whiteSpace: 'nowrap',
                overflow: 'hidden',
              }}
            >
              {SEAL}
            </aside>
          ) : null}
          <header style={{ textAlign: 'center', marginBottom: '4mm' }}>
            <h1 style={{ fontSize: '16pt', fontWeight: 'bold', margin: 0, fontFamily: 'SimHei, "黑体", sans-serif' }}>
              {paper.title || '（未命名试卷）'}
            </h1>
            {paper.subtitle ? <div style={{ fontSize: '12pt' }}>{paper.subtitle}</div> : null}
            <div>
              （本试卷共{questionCount(paper)}题，满分{scoreText(paperTotal(paper))}分）
            </div>
            {paper.layout.studentInfo ? (
              <div className="qb-student-info">{STUDENT_INFO_FIELDS.map((f) => `${f}：____________`).join('　')}</div>
            ) : null}
          </header>
          {paper.notes.trim() ? (
            <section style={{ marginBottom: '3mm' }}>
              <strong>注意事项：</strong>
              <FormulaText block text={paper.notes.trim()} />
            </section>
          ) : null}
          <div
            style={{
              columnCount: page.columns,
              columnGap: '12mm',
              columnRule: page.columns > 1 ? '1px solid #999' : undefined,
            }}
          >
            {paper.sections
              .filter((section) => section.questions.length > 0)
              .map((section, index) => (
                <section key={section.key}>
                  <h2
                    style={{
                      fontSize: '10.5pt',
                      fontWeight: 'bold',
                      margin: '3mm 0 1mm',
                      fontFamily: 'SimHei, "黑体", sans-serif',
                    }}
                  >
                    {sectionHeading(
                      index,
                      section.title,
                      section.questions.map((q) => q.score),
                    )}
                  </h2>
                  {section.questions.map((entry) => {
                    number += 1;
                    const shown = shownQuestion(entry);
                    const height = answerHeightOf(entry);
                    return (
                      <div key={entry.quesId} className="qb-paper-question" style={{ marginTop: '1.5mm' }}>
                        <QuestionBody
                          question={{ ...shown, stem: `（${scoreText(entry.score)}分）${shown.stem}` }}
                          number={number}
                        />
                        {withAnswers ? (
                          <div>
                            【答案】
                            <FormulaText text={shown.answer || '略'} />
                            {shown.explanation ? (
                              <div>
                                【解析】
                                <FormulaText text={shown.explanation} />
                              </div>
                            ) : null}
                          </div>
                        ) : height > 0 ? (
                          <div aria-hidden style={{ height: `${height}mm` }} />
                        ) : null}
                      </div>
                    );
                  })}
                </section>
              ))}
          </div>
        </article>
      </div>
    </div>
  );
}
