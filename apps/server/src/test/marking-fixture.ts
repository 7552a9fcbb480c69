import { setUpExams } from './exams-fixture.ts';

export { actorOf, addExamStudents, makeBlock, makeUsers } from './marking-data.ts';

/** The exams fixture's school and 数学 exam, with its subjective question (85 points) for 题块. */
export async function setUpMarking() {
  const s = await setUpExams();
  const question = s.questions.find((q) => q.kind === 2)!;
  return { ...s, question };
}
