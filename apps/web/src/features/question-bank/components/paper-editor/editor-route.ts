// Where the paper editor opens and from what (decided with issue #6; my-paper links here too):
//   /teacher/questionBank/paper-editor?from=basket&courseId=…   the teacher's basket of a course
//   /teacher/questionBank/paper-editor?from=library&paperId=…   a paper of the library (编辑为我的试卷)
//   /teacher/questionBank/paper-editor?paperId=…                a saved user paper (userpapers)
// Not a screen of spec §2: it is not in the menu and has no route name of its own.

export const PAPER_EDITOR_PATH = '/teacher/questionBank/paper-editor';

export type PaperEditorSource =
  | { from: 'basket'; courseId: string }
  | { from: 'library'; paperId: string }
  | { from: 'mine'; paperId: string };

export function paperEditorPath(source: PaperEditorSource): string {
  const query: Record<string, string> =
    source.from === 'basket'
      ? { from: 'basket', courseId: source.courseId }
      : source.from === 'library'
        ? { from: 'library', paperId: source.paperId }
        : { paperId: source.paperId };
  return `${PAPER_EDITOR_PATH}?${new URLSearchParams(query).toString()}`;
}

export function sourceOf(params: URLSearchParams): PaperEditorSource | null {
  const from = params.get('from');
  const courseId = params.get('courseId');
  const paperId = params.get('paperId');
  if (from === 'basket') return courseId ? { from, courseId } : null;
  if (from === 'library') return paperId ? { from, paperId } : null;
  return paperId ? { from: 'mine', paperId } : null;
}
