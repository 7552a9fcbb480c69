import { BUILT_IN_LEVEL_SCHEMES } from '@huikao/contracts';
import { allowedLetters, hundredths } from '@huikao/stats';
import type { Db } from '../../../platform/db.ts';
import { ruleBroken } from '../../../platform/errors.ts';
import type { QuestionInfo, RunData, SubjectData, Unit } from './model.ts';
import { loadPrevious } from './previous.ts';
import * as repo from './repo.ts';
import { decimalAt, readChoicesAt, readScoresAt, type SeatLayout, seatLayout } from './seat-text.ts';
import { runSettings } from './settings.ts';

// Loads one run into typed arrays. A school run is one multi-exam; a union run every finalised or
// published multi-exam sharing the union key. Students outside the exam's analysed classes
// (settings.classIds, when not empty) are not part of the run.

const PAGE = 20_000;

export type RunTarget = { meId: number } | { unionKey: string };

export const runKeyOf = (target: RunTarget) => ('meId' in target ? `me:${target.meId}` : `union:${target.unionKey}`);

export async function loadRun(db: Db, target: RunTarget): Promise<RunData> {
  const memberRows = await repo.membersOf(db, target);
  if (memberRows.length === 0) {
    throw ruleBroken('meId' in target ? '考试不存在' : `联考“${target.unionKey}”没有已完成或已发布的考试`);
  }
  const members = memberRows.map((m) => ({ ...m, settings: runSettings(m.settings) }));
  const union = !('meId' in target);
  const settings = members[0]!.settings;

  const schoolRows = await repo.schoolsOf(db, [...new Set(members.map((m) => m.schoolId))]);
  const areas: Unit[] = [];
  const areaIdx = new Map<string, number>();
  const schools = schoolRows.map((s) => {
    const areaId = s.areaId === null ? '0' : String(s.areaId);
    if (!areaIdx.has(areaId)) {
      areaIdx.set(areaId, areas.length);
      areas.push({ id: areaId, name: s.areaName ?? '未设区域' });
    }
    const member = members.find((m) => m.schoolId === s.id)!;
    return { id: String(s.id), name: s.name, areaIdx: areaIdx.get(areaId)!, meId: member.meId };
  });
  const schoolIdx = new Map(schools.map((s, i) => [Number(s.id), i]));

  const singles = await repo.singlesOf(
    db,
    members.map((m) => m.meId),
  );
  if (singles.length === 0) throw ruleBroken('考试还没有科目，无法分析');
  const seIds = singles.map((s) => s.seId);
  const questionRows = await repo.questionsOf(db, seIds);

  // Students and classes: classes of the run in school order; the analysed-classes filter per exam.
  const studentRows = await repo.studentsOf(db, seIds);
  const classRows = await repo.classesOf(db, [...new Set(studentRows.map((s) => s.classId))]);
  const analysed = (classId: number, schoolId: number) => {
    const member = members.find((m) => m.schoolId === schoolId);
    const only = member?.settings.classIds ?? [];
    return only.length === 0 || only.includes(String(classId));
  };
  const keptClasses = classRows.filter((c) => schoolIdx.has(c.schoolId) && analysed(c.id, c.schoolId));
  const classes = keptClasses.map((c) => ({ id: String(c.id), name: c.name, schoolIdx: schoolIdx.get(c.schoolId)! }));
  const classIdx = new Map(keptClasses.map((c, i) => [c.id, i]));
  const kept = studentRows.filter((s) => classIdx.has(s.classId));
  if (kept.length === 0) throw ruleBroken('考试没有可分析的考生');

  const n = kept.length;
  const studentIds = new Float64Array(n);
  const classOf = new Int32Array(n);
  const schoolOf = new Int32Array(n);
  const indexOf = new Map<number, number>();
  kept.forEach((s, i) => {
    studentIds[i] = s.id;
    classOf[i] = classIdx.get(s.classId)!;
    schoolOf[i] = classes[classOf[i]!]!.schoolIdx;
    indexOf.set(s.id, i);
  });

  const subjects: SubjectData[] = [];
  const seatSources: SeatSource[] = [];
  const courses = [...new Set(singles.map((s) => s.courseId))];
  for (const courseId of courses) {
    const ofCourse = singles.filter((s) => s.courseId === courseId);
    const fullMarks = [...new Set(ofCourse.map((s) => s.fullMark))];
    if (fullMarks.length > 1) {
      throw ruleBroken(`联考各校“${ofCourse[0]!.courseName}”的满分不一致（${fullMarks.join('、')}分），无法合并分析`);
    }
    const papers = ofCourse.map((s) => questionRows.filter((q) => q.seId === s.seId));
    const reference = papers[0]!;
    const itemsComparable = papers.every(
      (p) =>
        p.length === reference.length &&
        p.every((q, j) => q.questionNo === reference[j]!.questionNo && q.fullMark === reference[j]!.fullMark),
    );
    const questions = reference.map(questionInfo);
    const subject: SubjectData = {
      key: String(courseId),
      name: ofCourse[0]!.courseName,
      fullMark: ofCourse[0]!.fullMark,
      seId: union ? null : String(ofCourse[0]!.seId),
      papers: new Map(
        ofCourse.map((single, p) => [
          single.meId,
          { seId: String(single.seId), questionIds: papers[p]!.map((q) => String(q.id)) },
        ]),
      ),
      score: new Float64Array(n).fill(Number.NaN),
      absent: new Uint8Array(n),
      questions,
      itemsComparable,
      items: itemsComparable ? questions.map(() => new Float64Array(n).fill(Number.NaN)) : [],
      choices: itemsComparable ? questions.map((q) => (q.letters.length > 0 ? new Uint16Array(n) : null)) : [],
    };
    for (const [p, single] of ofCourse.entries()) {
      seatSources.push(seatSource(single.seId, itemsComparable ? papers[p]! : [], subject));
    }
    subjects.push(subject);
  }
  await loadSeats(db, seatSources, indexOf, settings.excludeZero);

  const total = new Float64Array(n).fill(Number.NaN);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    let sat = false;
    for (const s of subjects) {
      const x = s.score[i]!;
      if (Number.isNaN(x)) continue;
      sum += hundredths(x);
      sat = true;
    }
    if (sat && !(settings.excludeZero && sum === 0)) total[i] = sum / 100;
  }
  const first = members[0]!;
  return {
    runKey: runKeyOf(target),
    union,
    settings,
    members,
    areas,
    schools,
    classes,
    top: union
      ? { id: (target as { unionKey: string }).unionKey, name: first.name }
      : { id: String(first.gradeId), name: first.gradeName },
    n,
    studentIds,
    names: kept.map((s) => s.name),
    studentNos: kept.map((s) => s.studentNo),
    classOf,
    schoolOf,
    subjects,
    total,
    totalFullMark: subjects.reduce((sum, s) => sum + hundredths(s.fullMark), 0) / 100,
    levelScheme: await levelScheme(db, settings.elaId),
    previous: union ? null : await loadPrevious(db, first),
  };
}

function questionInfo(q: repo.QuestionRow): QuestionInfo {
  return {
    questionId: String(q.id),
    questionNo: q.questionNo,
    groupName: q.groupName,
    kind: q.kind,
    objectiveType: q.objectiveType,
    answer: q.answer,
    fullMark: q.fullMark,
    knowledgePoints: q.knowledgePoints,
    letters: q.kind === 1 ? allowedLetters(q.objectiveType ?? 1, q.optionCount).split('') : [],
  };
}

interface SeatSource {
  seId: number;
  /** The paper's keys in the jsonb order the page's objects list them (seat-text.ts). */
  layout: SeatLayout;
  subject: SubjectData;
}

function seatSource(seId: number, paper: repo.QuestionRow[], subject: SubjectData): SeatSource {
  const objective = paper.flatMap((q, j) => (q.kind === 1 ? [j] : []));
  const letters = paper.map((_, j) => subject.questions[j]?.letters ?? []);
  return {
    seId,
    layout: seatLayout(
      paper.map((q) => String(q.id)),
      objective,
      letters,
    ),
    subject,
  };
}

/**
 * How many single exams' first pages are asked for ahead of the one being read. Making a page costs
 * the database more than reading it costs here, so a union's load waits on the database: four ahead
 * keep both its cores busy (100,000 × 9: 7.5 s → 5.9 s when pages listed each score; eight gained
 * nothing more, then or with the objects' text).
 */
const AHEAD = 4;

/**
 * Every single exam's seats into its subject's columns, page by page. The first pages of the next
 * AHEAD single exams are asked for before this page is read, so the database prepares them while
 * this process parses (on PostgreSQL the pool runs them at once; the embedded database takes them in
 * turn). A single exam larger than a page continues from its last student.
 */
async function loadSeats(
  db: Db,
  sources: SeatSource[],
  indexOf: Map<number, number>,
  excludeZero: boolean,
): Promise<void> {
  const ask = (source: SeatSource, after: number) =>
    repo.seatPage(db, source.seId, source.layout.choiceOrder.length > 0, after, PAGE);
  const first = sources.map(() => null as ReturnType<typeof ask> | null);
  const firstPage = (at: number) => {
    if (first[at] === null) {
      const asked = ask(sources[at]!, 0);
      // Awaited later; a failure must not count as unhandled meanwhile (the await still throws it).
      asked.catch(() => {});
      first[at] = asked;
    }
    return first[at]!;
  };
  for (const [at, source] of sources.entries()) {
    let pending: ReturnType<typeof ask> | null = firstPage(at);
    while (pending !== null) {
      for (let next = at + 1; next <= Math.min(at + AHEAD, sources.length - 1); next++) void firstPage(next);
      const page: Awaited<ReturnType<typeof ask>> = await pending;
      pending = page.count === PAGE ? ask(source, page.last) : null;
      readSeats(page.text, source, indexOf, excludeZero);
    }
    first[at] = null;
  }
}

/** One page of seats (seatPage's text) into the source's subject columns. */
function readSeats(text: string, source: SeatSource, indexOf: Map<number, number>, excludeZero: boolean): void {
  const { subject, layout } = source;
  const withChoices = layout.choiceOrder.length > 0;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const lineEnd = newline < 0 ? text.length : newline;
    // studentId ⇥ absent (one character) ⇥ total ⇥ scores ⇥ choices
    const idEnd = text.indexOf('\t', start);
    const totalStart = idEnd + 3;
    const totalEnd = text.indexOf('\t', totalStart);
    const scoresEnd = text.indexOf('\t', totalEnd + 1);
    const i = indexOf.get(decimalAt(text, start, idEnd));
    const absent = text.charCodeAt(idEnd + 1) === ONE;
    start = lineEnd + 1;
    if (i === undefined) continue;
    if (absent || totalEnd === totalStart) {
      subject.absent[i] = 1;
      continue;
    }
    const score = decimalAt(text, totalStart, totalEnd);
    if (excludeZero && score === 0) continue;
    subject.score[i] = score;
    if (text.charCodeAt(totalEnd + 1) === DASH || subject.items.length === 0) continue;
    readScoresAt(text, totalEnd + 1, scoresEnd, layout, subject.items, i);
    if (withChoices) readChoicesAt(text, scoresEnd + 1, lineEnd, layout, subject.choices, i);
  }
}

const ONE = 49;
const DASH = 45;

export async function levelScheme(db: Db, elaId: string | null) {
  if (elaId === null) return null;
  const builtIn = BUILT_IN_LEVEL_SCHEMES.find((s) => s.elaId === elaId);
  if (builtIn) return builtIn.levels;
  const id = Number(elaId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const levels = await repo.levelSchemeOf(db, id);
  if (levels === null) throw ruleBroken(`考试设置的等级赋分方案（${elaId}）不存在，请在分析设置中重新选择`);
  return levels;
}
