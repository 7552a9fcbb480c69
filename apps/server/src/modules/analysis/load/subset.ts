import { hundredths } from '@huikao/stats';
import type { Db } from '../../../platform/db.ts';
import type { RunData, SubjectData } from './model.ts';
import { loadPrevious } from './previous.ts';
import { levelScheme } from './run.ts';

// A school's own run cut out of its union's loaded data, so a 联考 reads its scores once for the
// union and every member school. Only when the cut is exactly what loading the school alone gives:
// the same excludeZero (applied while loading) and every course's papers alike (item columns).

function gather<T extends Float64Array | Uint8Array | Uint16Array>(
  column: T,
  index: Int32Array,
  make: (n: number) => T,
): T {
  const out = make(index.length);
  for (let k = 0; k < index.length; k++) out[k] = column[index[k]!]!;
  return out;
}

export async function schoolRunFromUnion(db: Db, union: RunData, meId: number): Promise<RunData | null> {
  const member = union.members.find((m) => m.meId === meId);
  const s = union.schools.findIndex((x) => x.meId === meId);
  if (!member || s < 0) return null;
  if (member.settings.excludeZero !== union.settings.excludeZero) return null;
  if (union.subjects.some((subject) => !subject.itemsComparable)) return null;

  const picked: number[] = [];
  for (let i = 0; i < union.n; i++) if (union.schoolOf[i] === s) picked.push(i);
  const index = Int32Array.from(picked);
  const classIdx = new Map<number, number>();
  const classes = union.classes.flatMap((c, u) => {
    if (c.schoolIdx !== s) return [];
    classIdx.set(u, classIdx.size);
    return [{ ...c, schoolIdx: 0 }];
  });
  const school = union.schools[s]!;
  const floats = (n: number) => new Float64Array(n);
  const subjects: SubjectData[] = union.subjects.flatMap((subject) => {
    const paper = subject.papers.get(meId);
    if (!paper) return [];
    return [
      {
        ...subject,
        seId: paper.seId,
        papers: new Map([[meId, paper]]),
        score: gather(subject.score, index, floats),
        absent: gather(subject.absent, index, (n) => new Uint8Array(n)),
        questions: subject.questions.map((q, j) => ({ ...q, questionId: paper.questionIds[j]! })),
        items: subject.items.map((column) => gather(column, index, floats)),
        choices: subject.choices.map((column) =>
          column === null ? null : gather(column, index, (n) => new Uint16Array(n)),
        ),
      },
    ];
  });
  return {
    runKey: `me:${meId}`,
    union: false,
    settings: member.settings,
    members: [member],
    areas: [union.areas[school.areaIdx]!],
    schools: [{ ...school, areaIdx: 0 }],
    classes,
    top: { id: String(member.gradeId), name: member.gradeName },
    n: index.length,
    studentIds: gather(union.studentIds, index, floats),
    names: picked.map((i) => union.names[i]!),
    studentNos: picked.map((i) => union.studentNos[i]!),
    classOf: Int32Array.from(picked, (i) => classIdx.get(union.classOf[i]!)!),
    schoolOf: new Int32Array(index.length),
    subjects,
    total: gather(union.total, index, floats),
    totalFullMark: subjects.reduce((sum, x) => sum + hundredths(x.fullMark), 0) / 100,
    levelScheme: await levelScheme(db, member.settings.elaId),
    previous: await loadPrevious(db, member),
  };
}
