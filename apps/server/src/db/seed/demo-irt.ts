import { seededRandom } from './demo-people.ts';

// The demo exams' answers, from a two-parameter item-response model (2PL): a student of ability θ
// answers a question of difficulty b and discrimination a correctly with P = 1/(1+e^(−a(θ−b))).
// Pure: every draw comes from a seeded generator, so the same seed gives the same school.

export type Random = () => number;

/** A seeded generator from any text (FNV-1a of the text, then mulberry32). */
export function randomFor(key: string): Random {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return seededRandom(hash);
}

/** A standard normal draw (Box–Muller). */
export function normal(random: Random): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function probability(theta: number, a: number, b: number): number {
  return 1 / (1 + Math.exp(-a * (theta - b)));
}

export interface IrtQuestion {
  /** 1 objective, 2 subjective. */
  kind: number;
  /** 1 单选, 2 多选, 3 判断 (T/F); null for subjective questions. */
  objectiveType: number | null;
  optionCount: number | null;
  /** The key: letters in order, or T/F. */
  answer: string | null;
  fullMark: number;
  /** Subjective questions are marked in steps of this (0.5 or 1; a 填空 blank is all or nothing). */
  step: number;
  a: number;
  b: number;
  /** The wrong option most students who miss the question choose. */
  popular: string | null;
}

/** What one student wrote on one question: the letters chosen, or a subjective score. */
export type Response = { choice: string } | { score: number };

const LETTERS = 'ABCDEFGH';
const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Plausible wrong answer: the popular distractor more often than the others. */
function wrongSingle(random: Random, q: IrtQuestion): string {
  if (q.objectiveType === 3) return q.answer === 'T' ? 'F' : 'T';
  const wrong = LETTERS.slice(0, q.optionCount ?? 4)
    .split('')
    .filter((l) => l !== q.answer);
  if (q.popular && wrong.includes(q.popular) && random() < 0.55) return q.popular;
  return pick(random, wrong);
}

/** 多选: all right (P), else half the time a correct but incomplete choice, else one wrong letter in. */
function multiChoice(random: Random, q: IrtQuestion, p: number): string {
  const key = q.answer!.split('');
  if (random() < p) return q.answer!;
  const others = LETTERS.slice(0, q.optionCount ?? 4)
    .split('')
    .filter((l) => !key.includes(l));
  if (key.length > 1 && random() < 0.5) {
    const kept = key.filter(() => random() < 0.5);
    const subset = kept.length === 0 || kept.length === key.length ? [pick(random, key)] : kept;
    return subset.sort().join('');
  }
  const wrongLetter = q.popular && others.includes(q.popular) ? q.popular : pick(random, others);
  const withWrong = [...key.filter(() => random() < 0.6), wrongLetter];
  return [...new Set(withWrong)].sort().join('');
}

/** A subjective score: binomial over the question's steps, mean P·fullMark, a little over-dispersed. */
function subjective(random: Random, q: IrtQuestion, p: number): number {
  const steps = Math.round(q.fullMark / q.step);
  const pp = Math.min(1, Math.max(0, p + 0.08 * normal(random)));
  let got = 0;
  for (let i = 0; i < steps; i++) if (random() < pp) got++;
  // Scores are kept in hundredths so 0.5 steps never drift.
  return Math.round(got * q.step * 100) / 100;
}

export function respond(random: Random, theta: number, q: IrtQuestion): Response {
  const p = probability(theta, q.a, q.b);
  if (q.kind === 2 || q.objectiveType === null) return { score: subjective(random, q, p) };
  if (q.objectiveType === 2) return { choice: multiChoice(random, q, p) };
  return { choice: random() < p ? q.answer! : wrongSingle(random, q) };
}

export interface AbilityOptions {
  /** One offset per class, added to every student of it (class differences). */
  classOffsets: readonly number[];
  /** Share of a student's ability that is general (the rest is per course), 0–1. */
  general?: number;
}

export interface DemoStudent {
  key: string;
  classIndex: number;
  /** A fixed general ability instead of a drawn one (the demo account student01). */
  generalAbility?: number;
}

/**
 * Abilities per student and course: θ = class offset + √g·general + √(1−g)·course component, with
 * both components standard normal, so courses correlate (g) without being identical. The draws
 * depend on the student's key and the seed only, so every exam of a term sees the same student.
 */
export function abilities(
  seed: string,
  students: readonly DemoStudent[],
  courses: readonly string[],
  options: AbilityOptions,
): Map<string, Map<string, number>> {
  const g = options.general ?? 0.6;
  const result = new Map<string, Map<string, number>>();
  for (const s of students) {
    const random = randomFor(`${seed}|${s.key}`);
    const general = s.generalAbility ?? normal(random);
    const perCourse = new Map<string, number>();
    for (const course of courses) {
      const own = randomFor(`${seed}|${s.key}|${course}`);
      const component = s.generalAbility === undefined ? normal(own) : Math.abs(normal(own)) * 0.5;
      const offset = options.classOffsets[s.classIndex] ?? 0;
      perCourse.set(course, offset + Math.sqrt(g) * general + Math.sqrt(1 - g) * component);
    }
    result.set(s.key, perCourse);
  }
  return result;
}

export interface Sitting {
  key: string;
  absent: boolean;
  /** Question index → response; empty when absent. */
  responses: Response[];
}

/**
 * One single exam: each student's responses at θ plus a small day-to-day wobble; about `absentRate`
 * of the students are absent (never those in `present`).
 */
export function sitExam(
  seed: string,
  thetas: readonly { key: string; theta: number }[],
  questions: readonly IrtQuestion[],
  options: { absentRate?: number; present?: ReadonlySet<string> } = {},
): Sitting[] {
  const random = randomFor(seed);
  const absentRate = options.absentRate ?? 0.005;
  return thetas.map(({ key, theta }) => {
    const absent = !options.present?.has(key) && random() < absentRate;
    if (absent) return { key, absent, responses: [] };
    const today = theta + 0.3 * normal(random);
    return { key, absent, responses: questions.map((q) => respond(random, today, q)) };
  });
}

/** Item parameters: difficulty b around `centre` (spread 0.8), discrimination a in 0.5–2.2. */
export function drawItem(random: Random, centre: number): { a: number; b: number } {
  const b = centre + 0.8 * normal(random);
  const a = Math.min(2.2, Math.max(0.5, Math.exp(0.15 + 0.3 * normal(random))));
  return { a: Math.round(a * 100) / 100, b: Math.round(b * 100) / 100 };
}
