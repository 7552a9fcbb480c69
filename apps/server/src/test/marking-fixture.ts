import { setUpExams } from './exams-fixture.ts';
import { addExamStudents, makeBlock } from './marking-data.ts';

export { actorOf, addExamStudents, makeBlock, makeUsers } from './marking-data.ts';

/** The exams fixture's school and 数学 exam, with its subjective question (85 points) for 题块. */
export async function setUpMarking() {
  const s = await setUpExams();
  const question = s.questions.find((q) => q.kind === 2)!;
  return { ...s, question };
}

type Marking = Awaited<ReturnType<typeof setUpMarking>>;

/** `papers` new exam students in the 数学 exam's first class, and a started 题块 of their papers. */
export async function blockOfNewPapers(
  s: Marking,
  papers: number,
  options: Pick<Parameters<typeof makeBlock>[1], 'mode' | 'tolerance' | 'markers'>,
) {
  const examStudentIds = await addExamStudents(s.db, s.school.id, s.math.id, s.classes[0].id, papers);
  const block = await makeBlock(s.db, {
    schoolId: s.school.id,
    seId: s.math.id,
    question: s.question,
    ...options,
    examStudentIds,
  });
  return { block, examStudentIds };
}
