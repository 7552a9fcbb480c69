import { BASKET_NOTICE_TITLE, type Basket, questionBankUserApi } from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, DEFAULT_ERROR_TITLE } from '../../lib/api-client.ts';
import { notifyError, notifyWarning } from '../../lib/notify.ts';
import { basketRefusal, isBasketNotice } from './basket-rules.ts';
import { questionBankKeys } from './queries.ts';

// The basket of the chosen course (spec §3: per course and question type). The server keeps it,
// so it survives a reload and follows the teacher to another device; every answer of the basket
// calls is the whole basket, written straight into the cache.

export const basketKey = (courseId: string) => [...questionBankKeys.all, 'basket', courseId] as const;

/** Spec §5/§8: the basket's refusals are notices titled 提示; other failures are errors. */
function showFailure(error: unknown) {
  if (!(error instanceof ApiError)) return;
  if (isBasketNotice(error.message)) notifyWarning(BASKET_NOTICE_TITLE, error.message);
  else if (error.kind !== 'aborted') notifyError(DEFAULT_ERROR_TITLE, error.message);
}

export function useBasket(courseId: string | null) {
  const queryClient = useQueryClient();
  const key = basketKey(courseId ?? '');
  const basket = useQuery({
    queryKey: key,
    // A background read: a failure shows in the drawer, not as a notice over the page.
    queryFn: ({ signal }) =>
      call(questionBankUserApi.getBasket, { courseId: courseId ?? '' }, { signal, silent: true }),
    enabled: !!courseId,
  });
  const store = (next: Basket) => queryClient.setQueryData(basketKey(next.courseId), next);

  const add = useMutation({
    mutationFn: (quesId: string) => call(questionBankUserApi.addToBasket, { quesId }, { silent: true }),
    onSuccess: store,
    onError: showFailure,
  });
  const remove = useMutation({
    mutationFn: (quesId: string) => call(questionBankUserApi.removeFromBasket, { quesId }, { silent: true }),
    onSuccess: store,
    onError: showFailure,
  });
  const removeType = useMutation({
    mutationFn: (questionTypeId: string) =>
      call(questionBankUserApi.removeBasketType, { courseId: courseId ?? '', questionTypeId }, { silent: true }),
    onSuccess: store,
    onError: showFailure,
  });
  const clear = useMutation({
    mutationFn: () => call(questionBankUserApi.clearBasket, { courseId: courseId ?? '' }, { silent: true }),
    onSuccess: store,
    onError: showFailure,
  });

  return {
    basket: basket.data,
    loading: basket.isPending && !!courseId,
    failed: basket.isError,
    pendingId: add.isPending ? add.variables : remove.isPending ? remove.variables : undefined,
    /** Adds, or shows the spec's notice when the basket already refuses. */
    add(quesId: string) {
      const refusal = basketRefusal(basket.data, quesId);
      if (refusal) notifyWarning(BASKET_NOTICE_TITLE, refusal);
      else add.mutate(quesId);
    },
    remove: (quesId: string) => remove.mutate(quesId),
    removeType: (questionTypeId: string) => removeType.mutate(questionTypeId),
    clear: () => clear.mutate(),
  };
}

export type BasketControls = ReturnType<typeof useBasket>;
