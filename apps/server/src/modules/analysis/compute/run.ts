import { type ReportKind, type ScopeRef, TOTAL_SUBJECT } from '@huikao/contracts';
import type { RunData } from '../load/model.ts';
import { attentionDocument } from './attention.ts';
import { type ItemsResult, itemsDocument } from './items.ts';
import { levelsDocument } from './levels.ts';
import { type LineInfo, linesDocument } from './lines.ts';
import { computeLevel, type Level, parentDocument, unitDocument } from './overview.ts';
import { countFlagged, everyone, membersByUnit } from './populations.ts';
import { type StoredStudentRow, studentRowAt } from './student-rows.ts';
import { type StudentFigures, studentFigures, studentImbalance } from './students.ts';
import { subjectsDocument } from './subjects.ts';
import { areaRef, classRef, type SubjectView, schoolRef, subjectViews, topRef } from './views.ts';

// Every report of one run, computed from the loaded arrays (pure CPU; no database here). Documents
// leave as JSON text as soon as they are made; student rows are built on demand while storing.

export interface StoredDocument {
  kind: ReportKind;
  subjectKey: string;
  scopeKey: string;
  body: string;
}

export interface RunResult {
  runKey: string;
  documents: StoredDocument[];
  studentCount: number;
  studentRow(i: number): StoredStudentRow;
}

/** Called between steps: reports progress (0–90; storing takes the rest) and lets other work run. */
export type Progress = (percent: number, message: string) => Promise<void>;

export async function computeRun(run: RunData, progress: Progress): Promise<RunResult> {
  const documents: StoredDocument[] = [];
  const put = (kind: ReportKind, subjectKey: string, scopeKey: string, body: unknown) =>
    documents.push({ kind, subjectKey, scopeKey, body: JSON.stringify(body) });
  const views = subjectViews(run);
  const courses = views.slice(1);
  const courseKeys = courses.map((v) => v.key);
  const top = topRef(run);
  const steps = views.length * 2 + 2;
  let step = 0;
  const next = (message: string) => progress(Math.floor((90 * step++) / steps), message);

  const figures: StudentFigures[] = [];
  for (const view of views) {
    await next(`正在计算 ${view.ref.name} 名次…`);
    figures.push(studentFigures(run, view, view.course !== null));
  }
  const imbalance = studentImbalance(run, figures.slice(1), run.settings.imbalanceThreshold);

  await next('正在计算 上线分析…');
  const all = everyone(run.n);
  const lines = linesDocument({
    scope: top,
    total: views[0]!,
    courses,
    totalPop: figures[0]!.top,
    coursePops: figures.slice(1).map((f) => f.top),
    unitOf: run.union ? run.schoolOf : run.classOf,
    units: run.union ? run.schools.map((_s, u) => schoolRef(run, u)) : run.classes.map((_c, u) => classRef(run, u)),
    settings: run.settings,
  });
  put('lines', TOTAL_SUBJECT, run.union ? 'union' : 'grade', lines.report);

  const topItems: (ItemsResult | null)[] = [];
  for (const [v, view] of views.entries()) {
    await next(`正在计算 ${view.ref.name} 整体分析、试题分析…`);
    overviews(run, view, put);
    if (view.course !== null) topItems.push(items(run, view, top, put));
    put(
      'attention',
      view.key,
      run.union ? 'union' : 'grade',
      attentionDocument({
        run,
        scope: top,
        view,
        course: v - 1,
        courseKeys,
        figures: figures[v]!,
        imbalance,
        lines: lines.lines satisfies LineInfo[],
      }),
    );
    if (!run.union) put('levels', view.key, 'grade', levelsDocument(run, top, view, figures[v]!));
  }

  await next('正在计算 学科分析…');
  put(
    'subjects',
    TOTAL_SUBJECT,
    run.union ? 'union' : 'grade',
    subjectsDocument({
      scope: top,
      courses,
      pops: figures.slice(1).map((f) => f.top),
      absent: courses.map((view) => countFlagged(view.absent, all)),
      items: topItems,
      settings: run.settings,
    }),
  );
  return {
    runKey: run.runKey,
    documents,
    studentCount: run.n,
    studentRow: (i) => studentRowAt(run, views, figures, imbalance, i),
  };
}

type Put = (kind: ReportKind, subjectKey: string, scopeKey: string, body: unknown) => void;

/** A level whose units are the members' units of one kind, numbered locally (only those present). */
function levelOf(
  parent: ScopeRef,
  members: Int32Array,
  unitOfStudent: Int32Array,
  unitRef: (u: number) => { ref: ScopeRef; schoolName: string | null },
  evaluation: boolean,
): Level {
  // Typed lookups, not a Set and a Map: a union makes 28 levels per subject over 100,000 students.
  let unitCount = 0;
  for (const i of members) unitCount = Math.max(unitCount, unitOfStudent[i]! + 1);
  const local = new Int32Array(unitCount).fill(-1);
  for (const i of members) local[unitOfStudent[i]!] = 0;
  const units: Level['units'] = [];
  for (let u = 0; u < unitCount; u++) {
    if (local[u] === -1) continue;
    local[u] = units.length;
    units.push(unitRef(u));
  }
  const unitOf = new Int32Array(unitOfStudent.length).fill(-1);
  for (const i of members) unitOf[i] = local[unitOfStudent[i]!]!;
  return { parent, members, unitOf, units, evaluation };
}

function overviews(run: RunData, view: SubjectView, put: Put): void {
  const all = everyone(run.n);
  const top = topRef(run);
  const classUnit = (withSchool: boolean) => (c: number) => ({
    ref: classRef(run, c),
    schoolName: withSchool ? run.schools[run.classes[c]!.schoolIdx]!.name : null,
  });
  if (!run.union) {
    const level = levelOf(top, all, run.classOf, classUnit(false), true);
    const result = computeLevel(view, level, run.settings);
    put('overview', view.key, 'grade', parentDocument(view, level, result, null));
    level.units.forEach((unit, u) => {
      put('overview', view.key, `class:${unit.ref.id}`, unitDocument(view, level, result, u));
    });
    return;
  }
  const areaOf = Int32Array.from(run.schoolOf, (s) => run.schools[s]!.areaIdx);
  const schoolUnit = (s: number) => ({ ref: schoolRef(run, s), schoolName: null });
  const byArea = levelOf(top, all, areaOf, (a) => ({ ref: areaRef(run, a), schoolName: null }), false);
  const bySchool = levelOf(top, all, run.schoolOf, schoolUnit, true);
  const byClass = levelOf(top, all, run.classOf, classUnit(true), true);
  const areaResult = computeLevel(view, byArea, run.settings);
  const schoolResult = computeLevel(view, bySchool, run.settings);
  put('overview', view.key, 'union>area', parentDocument(view, byArea, areaResult, null));
  put('overview', view.key, 'union>school', parentDocument(view, bySchool, schoolResult, null));
  put(
    'overview',
    view.key,
    'union>class',
    parentDocument(view, byClass, computeLevel(view, byClass, run.settings), null),
  );

  const areaMembers = membersByUnit(areaOf, run.areas.length);
  byArea.units.forEach((unit, u) => {
    const a = run.areas.findIndex((x) => x.id === unit.ref.id);
    const level = levelOf(unit.ref, areaMembers[a]!, run.schoolOf, schoolUnit, true);
    const own = { parent: top, row: areaResult.rows[u]! };
    put(
      'overview',
      view.key,
      `area:${unit.ref.id}`,
      parentDocument(view, level, computeLevel(view, level, run.settings), own),
    );
  });
  const schoolMembers = membersByUnit(run.schoolOf, run.schools.length);
  bySchool.units.forEach((unit, u) => {
    const s = run.schools.findIndex((x) => x.id === unit.ref.id);
    const level = levelOf(unit.ref, schoolMembers[s]!, run.classOf, classUnit(false), true);
    const own = { parent: top, row: schoolResult.rows[u]! };
    put(
      'overview',
      view.key,
      `school:${unit.ref.id}`,
      parentDocument(view, level, computeLevel(view, level, run.settings), own),
    );
  });
}

/** Items of a course over the top scope and each class (school run) or school (union run). */
function items(run: RunData, view: SubjectView, top: ScopeRef, put: Put): ItemsResult | null {
  const course = view.course!;
  if (!course.itemsComparable) return null;
  const result = itemsDocument(course, view.ref, top, everyone(run.n), run.studentIds);
  put('items', view.key, run.union ? 'union' : 'grade', result.report);
  const unitOf = run.union ? run.schoolOf : run.classOf;
  const refOf = run.union ? (u: number) => schoolRef(run, u) : (u: number) => classRef(run, u);
  membersByUnit(unitOf, run.union ? run.schools.length : run.classes.length).forEach((members, u) => {
    if (members.length === 0) return;
    const ref = refOf(u);
    put(
      'items',
      view.key,
      `${ref.kind}:${ref.id}`,
      itemsDocument(course, view.ref, ref, members, run.studentIds).report,
    );
  });
  return result;
}
