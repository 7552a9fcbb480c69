import { AnswerCardError } from './card-error.ts';
import { flowPages } from './flow.ts';
import { QUESTIONS_PER_BLOCK } from './objective-block.ts';
import { boxHeightProblems, cardItems, settingsProblems, structureProblems } from './structure.ts';
import type {
  AnswerCardTemplate,
  BlockOrder,
  CardItem,
  CardProblem,
  CardSettings,
  ExamQuestion,
  IdentityMode,
  Paper,
} from './types.ts';

export interface GenerateOptions {
  templateId: string;
  /** 1 for a new template. */
  version?: number;
  /** The exam's name and the subject, printed on the title line. */
  title: string;
  subject: string;
  examNumberLength: number;
  identityMode?: IdentityMode;
  paper?: Paper;
  columns?: 1 | 2 | 3;
  sides?: 1 | 2;
  /** 题组大小, 4–10; 5 by default. */
  questionsPerBlock?: number;
  /** 选择题排列; 横排 (across) by default. */
  blockOrder?: BlockOrder;
}

/** Above this many questions the card defaults to A3 in two columns. */
export const A3_ABOVE_QUESTIONS = 20;

export function defaultSettings(
  questionCount: number,
  options: Omit<GenerateOptions, 'templateId' | 'title' | 'subject'>,
): CardSettings {
  const paper = options.paper ?? (questionCount > A3_ABOVE_QUESTIONS ? 'A3' : 'A4');
  return {
    paper,
    columns: options.columns ?? (paper === 'A4' ? 1 : 2),
    sides: options.sides ?? 2,
    identityMode: options.identityMode ?? 'grid',
    examNumberLength: options.examNumberLength,
    questionsPerBlock: options.questionsPerBlock ?? QUESTIONS_PER_BLOCK,
    blockOrder: options.blockOrder ?? 'across',
  };
}

/** A template generated from the exam's question structure, with default heights and paper. */
export function generateTemplate(questions: readonly ExamQuestion[], options: GenerateOptions): AnswerCardTemplate {
  const settings = defaultSettings(questions.length, options);
  const problems = [...structureProblems(questions), ...settingsProblems(settings)];
  if (problems.length > 0) throw new AnswerCardError(problems);
  return build({
    id: options.templateId,
    version: options.version ?? 1,
    title: options.title,
    subject: options.subject,
    settings,
    questions: questions.map((question) => ({ ...question })),
    items: cardItems(questions),
  });
}

/** What the designer changed: box heights by box id, the paper, columns, sides, identity or bubble layout. */
export interface LayoutChange {
  boxHeights?: Readonly<Record<string, number>>;
  paper?: Paper;
  columns?: 1 | 2 | 3;
  sides?: 1 | 2;
  identityMode?: IdentityMode;
  examNumberLength?: number;
  questionsPerBlock?: number;
  blockOrder?: BlockOrder;
}

/**
 * Re-flows a template after the designer's change. A version that has scans never changes:
 * then the result is the next version, and the given template is left as it was.
 */
export function layoutTemplate(
  template: AnswerCardTemplate,
  change: LayoutChange,
  options: { versionHasScans: boolean },
): AnswerCardTemplate {
  const paper = change.paper ?? template.settings.paper;
  const paperChanged = paper !== template.settings.paper;
  const settings: CardSettings = {
    paper,
    columns: change.columns ?? (paperChanged ? (paper === 'A4' ? 1 : 2) : template.settings.columns),
    sides: change.sides ?? template.settings.sides,
    identityMode: change.identityMode ?? template.settings.identityMode,
    examNumberLength: change.examNumberLength ?? template.settings.examNumberLength,
    // A card saved before the bubble layout was a setting gets the defaults it was laid out with.
    questionsPerBlock: change.questionsPerBlock ?? template.settings.questionsPerBlock ?? QUESTIONS_PER_BLOCK,
    blockOrder: change.blockOrder ?? template.settings.blockOrder ?? 'across',
  };
  const heights = change.boxHeights ?? {};
  const known = new Set(template.items.flatMap((item) => (item.kind === 'box' ? [item.box.id] : [])));
  const problems: CardProblem[] = Object.keys(heights)
    .filter((id) => !known.has(id))
    .map((id) => ({ code: 'UNKNOWN_BOX', message: `答题卡上没有编号为 ${id} 的答题框` }));
  const items: CardItem[] = template.items.map((item) =>
    item.kind === 'box' && heights[item.box.id] !== undefined
      ? { kind: 'box', box: { ...item.box, height: heights[item.box.id]! } }
      : item,
  );
  problems.push(...settingsProblems(settings));
  if (problems.length > 0) throw new AnswerCardError(problems);
  return build({
    ...template,
    version: options.versionHasScans ? template.version + 1 : template.version,
    settings,
    items,
  });
}

function build(template: Omit<AnswerCardTemplate, 'pages'>): AnswerCardTemplate {
  // The widest 考号 grid (20 digits) fits the narrowest column (a third of A3), so the header
  // needs no check of its own here; the flow still refuses a column the header leaves no room in.
  const problems = template.items.flatMap((item) => (item.kind === 'box' ? boxHeightProblems(item.box) : []));
  if (problems.length > 0) throw new AnswerCardError(problems);
  const pages = flowPages({
    templateId: template.id,
    version: template.version,
    title: `${template.title} ${template.subject}`.trim(),
    settings: template.settings,
    items: template.items,
  });
  return { ...template, pages };
}
