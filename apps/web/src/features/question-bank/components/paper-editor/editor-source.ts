import { questionBankApi, questionBankUserApi } from '@huikao/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { call } from '../../../../lib/api-client.ts';
import { basketKey } from '../../basket.ts';
import type { Owner } from '../../owner.ts';
import { questionBankKeys, questionBankQueries } from '../../queries.ts';
import { type EditorPaper, paperFromBasket, paperFromLibrary, paperFromUserPaper } from './editor-model.ts';
import type { PaperEditorSource } from './editor-route.ts';

// What the editor opens: the basket of a course (its questions read by id), a paper of the
// library, or a saved user paper.

export const userPaperQuery = (paperId: string | null, owner: Owner | null) =>
  queryOptions({
    queryKey: [...questionBankKeys.all, 'user-paper', paperId ?? ''] as const,
    queryFn: ({ signal }) =>
      call(questionBankUserApi.getUserPaperDetail, { paperId: paperId ?? '', ...owner! }, { signal }),
    enabled: !!paperId && !!owner,
  });

export interface EditorSourceState {
  paper: EditorPaper | null;
  /** The user paper being edited (saved as an update), null for a new one. */
  savedPaperId: string | null;
  loading: boolean;
  /** Why nothing can be edited (an empty basket…), or null. */
  problem: string | null;
}

export function useEditorSource(source: PaperEditorSource | null, owner: Owner | null): EditorSourceState {
  const courseId = source?.from === 'basket' ? source.courseId : null;
  const basket = useQuery({
    queryKey: basketKey(courseId ?? ''),
    queryFn: ({ signal }) => call(questionBankUserApi.getBasket, { courseId: courseId ?? '' }, { signal }),
    enabled: !!courseId,
  });
  const basketIds = basket.data?.groups.flatMap((group) => group.quesIds) ?? [];
  const basketQuestions = useQuery({
    queryKey: [...questionBankKeys.all, 'questions-by-ids', courseId ?? '', basketIds] as const,
    queryFn: ({ signal }) =>
      call(questionBankApi.getByIds, { ids: basketIds, courseId: courseId ?? undefined }, { signal }),
    enabled: basketIds.length > 0,
  });
  const base = useQuery(questionBankQueries.base(courseId));
  const library = useQuery(questionBankQueries.paper(source?.from === 'library' ? source.paperId : null));
  const mine = useQuery(userPaperQuery(source?.from === 'mine' ? source.paperId : null, owner));

  const paper = useMemo(() => {
    if (source?.from === 'basket' && basket.data && basketQuestions.data && base.data) {
      return paperFromBasket(basket.data, basketQuestions.data, base.data.courseName);
    }
    if (source?.from === 'library' && library.data) return paperFromLibrary(library.data);
    if (source?.from === 'mine' && mine.data) return paperFromUserPaper(mine.data);
    return null;
  }, [source?.from, basket.data, basketQuestions.data, base.data, library.data, mine.data]);

  if (!source)
    return { paper: null, savedPaperId: null, loading: false, problem: '请从试题篮、试卷库或我的试卷打开组卷' };
  if (source.from === 'basket' && basket.data && basket.data.total === 0) {
    return { paper: null, savedPaperId: null, loading: false, problem: '试题篮是空的，请先选题加入试题篮' };
  }
  const failed = basket.isError || basketQuestions.isError || library.isError || mine.isError;
  if (failed) return { paper: null, savedPaperId: null, loading: false, problem: '试卷暂时无法读取，请稍后再试' };
  return {
    paper,
    savedPaperId: source.from === 'mine' ? source.paperId : null,
    loading: paper === null,
    problem: null,
  };
}
