import { contains, ellipseBounds, gapBetween, mm, overlaps } from './geometry.ts';
import { LOCATOR_CLEARANCE, LOCATOR_MIN_EDGE, LOCATOR_SIZE } from './paper.ts';
import { blockLayoutProblems, examNumberLengthProblems, structureProblems } from './structure.ts';
import type { AnswerBoxRegion, AnswerCardTemplate, CardPage, CardProblem, Ellipse, Rect, Region } from './types.ts';

// Checks a template as it stands, whoever made it (the generator, the designer, an old version
// after a paper change): every problem is reported in Chinese, none is repaired silently.

export function regionName(region: Region): string {
  switch (region.kind) {
    case 'locator':
      return '定位点';
    case 'pageCode':
      return '页码二维码';
    case 'title':
      return '标题';
    case 'studentInfo':
      return '考生信息栏';
    case 'notice':
      return '注意事项';
    case 'absent':
      return '缺考标记';
    case 'examNumberGrid':
      return '考号填涂区';
    case 'barcode':
      return '条形码粘贴区';
    case 'objectiveBlock': {
      const first = region.rows[0]?.number ?? '';
      const last = region.rows.at(-1)?.number ?? '';
      return `客观题 ${first}–${last}`;
    }
    case 'answerBox':
      return region.parts > 1 ? `第 ${region.label} 题答题框（第 ${region.part} 段）` : `第 ${region.label} 题答题框`;
  }
}

export function validateTemplate(template: AnswerCardTemplate): CardProblem[] {
  const problems: CardProblem[] = [
    ...structureProblems(template.questions),
    ...examNumberLengthProblems(template.settings.examNumberLength),
    ...blockLayoutProblems(template.settings),
  ];
  for (const page of template.pages) problems.push(...pageProblems(page));
  problems.push(...boxProblems(template));
  return problems;
}

/** Every box is printed once, as pieces 1…n in paper order, with the height the designer set. */
function boxProblems(template: AnswerCardTemplate): CardProblem[] {
  const problems: CardProblem[] = [];
  const pieces = template.pages.flatMap((page) =>
    page.regions.filter((region): region is AnswerBoxRegion => region.kind === 'answerBox'),
  );
  for (const item of template.items) {
    if (item.kind !== 'box') continue;
    const own = pieces.filter((piece) => piece.boxId === item.box.id);
    const name = `第 ${item.box.label} 题答题框`;
    if (own.length === 0) {
      problems.push({ code: 'BOX_MISSING', message: `${name}不在答题卡上` });
      continue;
    }
    const linked = own.every((piece, index) => piece.part === index + 1 && piece.parts === own.length);
    if (!linked) problems.push({ code: 'BOX_PIECES', message: `${name}的续接段编号不连续` });
    const height = own.reduce((sum, piece) => sum + piece.rect.height, 0);
    if (Math.abs(height - item.box.height) > 0.01) {
      problems.push({
        code: 'BOX_HEIGHT_MISMATCH',
        message: `${name}各段共高 ${mm(height)} mm，与设定的 ${item.box.height} mm 不符，请重新排版`,
      });
    }
  }
  return problems;
}

function pageProblems(page: CardPage): CardProblem[] {
  const problems: CardProblem[] = [];
  const at = `第 ${page.number} 页`;
  const report = (code: string, message: string) =>
    problems.push({ code, message: `${at}${message}`, page: page.number });
  const bounds: Rect = { x: 0, y: 0, width: page.width, height: page.height };
  const locators = page.regions.filter((region) => region.kind === 'locator');
  const printed = page.regions.filter((region) => region.kind !== 'locator');

  if (locators.length !== 4) report('LOCATOR_COUNT', `应有 4 个定位点，实际为 ${locators.length} 个`);
  for (const locator of locators) {
    const { x, y, width, height } = locator.rect;
    if (width !== LOCATOR_SIZE || height !== LOCATOR_SIZE)
      report('LOCATOR_SIZE', `的定位点应为 ${LOCATOR_SIZE} mm 见方`);
    const edge = Math.min(x, y, page.width - x - width, page.height - y - height);
    // A locator off the page is reported as outside the page below, not as a negative distance.
    if (edge >= 0 && edge < LOCATOR_MIN_EDGE - 1e-6) {
      report('LOCATOR_EDGE', `的定位点距页边 ${mm(edge)} mm，不足 ${LOCATOR_MIN_EDGE} mm`);
    }
  }
  for (const region of page.regions) {
    if (!contains(bounds, region.rect)) report('OUTSIDE_PAGE', `的${regionName(region)}超出页面`);
  }
  for (const region of printed) {
    for (const locator of locators) {
      if (gapBetween(region.rect, locator.rect) < LOCATOR_CLEARANCE - 1e-6) {
        report('LOCATOR_CLEARANCE', `的${regionName(region)}离定位点不足 ${LOCATOR_CLEARANCE} mm`);
      }
    }
    for (const ellipse of bubblesOf(region)) {
      if (!contains(region.rect, ellipseBounds(ellipse)))
        report('BUBBLE_OUTSIDE', `的${regionName(region)}有填涂点出框`);
    }
    if (region.kind === 'absent' && page.number !== 1) report('ABSENT_NOT_FIRST', '不应有缺考标记（只印在第 1 页）');
  }
  for (let i = 0; i < page.regions.length; i += 1) {
    for (let j = i + 1; j < page.regions.length; j += 1) {
      const a = page.regions[i]!;
      const b = page.regions[j]!;
      if (overlaps(a.rect, b.rect)) report('OVERLAP', `的${regionName(a)}与${regionName(b)}重叠`);
    }
  }
  for (const region of page.regions) {
    if (region.kind !== 'answerBox') continue;
    const column = page.columns.find(
      (frame) => region.rect.x >= frame.x - 1e-6 && region.rect.x < frame.x + frame.width,
    );
    if (column && region.rect.height > column.height + 1e-6) {
      report(
        'BOX_TALLER_THAN_COLUMN',
        `的${regionName(region)}高 ${region.rect.height} mm，超过一栏可用的 ${column.height} mm`,
      );
    }
  }
  return problems;
}

function bubblesOf(region: Region): Ellipse[] {
  switch (region.kind) {
    case 'objectiveBlock':
      return region.rows.flatMap((row) => row.bubbles.map((bubble) => bubble.ellipse));
    case 'examNumberGrid':
      return region.bubbles.map((bubble) => bubble.ellipse);
    case 'absent':
      return [region.bubble];
    case 'notice':
      return region.samples.map((sample) => sample.ellipse);
    default:
      return [];
  }
}
