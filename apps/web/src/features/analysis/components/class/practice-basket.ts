import {
  BASKET_DUPLICATE_MESSAGE,
  BASKET_FULL_MESSAGE,
  BASKET_NOTICE_TITLE,
  type Basket,
  questionBankUserApi,
} from '@huikao/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, DEFAULT_ERROR_TITLE } from '../../../../lib/api-client.ts';
import { notifyError, notifySuccess, notifyWarning } from '../../../../lib/notify.ts';

// mis-recommend's 加入试题篮: the teacher's own question-bank basket of the course (the question
// bank keeps it on the server; its course is the exam course). Features never import each other,
// so this calls the basket's contract directly, with the question bank's notices: the spec's two
// refusals (full, already in) are notices titled 提示, anything else an error.

/** Whether a server message is one of the basket's refusals (a notice, not a failure). */
export function isBasketRefusal(message: string): boolean {
  return message === BASKET_FULL_MESSAGE || message === BASKET_DUPLICATE_MESSAGE;
}

export function inBasket(basket: Basket | undefined, quesId: string): boolean {
  return !!basket?.groups.some((group) => group.quesIds.includes(quesId));
}

export function usePracticeBasket(courseId: string) {
  const queryClient = useQueryClient();
  const key = ['analysis', 'basket', courseId] as const;
  const basket = useQuery({
    queryKey: key,
    // Only marks what is already in; a failure leaves the buttons as they are.
    queryFn: ({ signal }) => call(questionBankUserApi.getBasket, { courseId }, { signal, silent: true }),
    retry: false,
  });
  const add = useMutation({
    mutationFn: (quesId: string) => call(questionBankUserApi.addToBasket, { quesId }, { silent: true }),
    onSuccess: (next) => {
      queryClient.setQueryData(key, next);
      notifySuccess('已加入试题篮', `${next.total} / ${next.max} 题，可在题库的试题篮中组卷`);
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      if (isBasketRefusal(error.message)) notifyWarning(BASKET_NOTICE_TITLE, error.message);
      else if (error.kind !== 'aborted') notifyError(DEFAULT_ERROR_TITLE, error.message);
    },
  });
  return {
    basket: basket.data,
    pendingId: add.isPending ? add.variables : undefined,
    add: (quesId: string) => add.mutate(quesId),
  };
}
