import { type CardLayoutChange, type CardSettingsInput, type CardTemplate, scanningCardsApi } from '@huikao/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, callFile } from '../../lib/api-client.ts';
import { saveDownload } from '../../lib/download.ts';
import { cardKeys, useCardContext } from './queries.ts';

/** After any write the card's own query gets the answer, and the lists refetch. */
function useCardWritten() {
  const { schoolId } = useCardContext();
  const client = useQueryClient();
  return (card: CardTemplate) => {
    client.setQueryData(cardKeys.template(schoolId, card.seId), card);
    void client.invalidateQueries({ queryKey: cardKeys.lists(schoolId) });
    void client.invalidateQueries({ queryKey: [...cardKeys.all(schoolId), 'courses'] });
  };
}

/** 生成答题卡 / 重新生成: from the exam's current questions, with the chosen settings. */
export function useGenerateCard() {
  const { schoolId } = useCardContext();
  const written = useCardWritten();
  return useMutation({
    mutationFn: (input: { seId: string; regenerate: boolean; settings?: Partial<CardSettingsInput> }) =>
      call(scanningCardsApi.saveExamTemplate, { schoolId, ...input }),
    onSuccess: written,
  });
}

/** A designer's change; `revision` refuses an edit of a copy someone else has changed since. */
export function useUpdateCard() {
  const { schoolId } = useCardContext();
  const written = useCardWritten();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { card: CardTemplate; change: CardLayoutChange }) =>
      call(scanningCardsApi.updateExamTemplate, {
        schoolId,
        templateId: input.card.templateId,
        revision: input.card.revision,
        change: input.change,
      }),
    onSuccess: written,
    // A refused change (boxes no longer fit, a stale copy) leaves the stored card as it was: show it.
    onError: (_error, input) => client.invalidateQueries({ queryKey: cardKeys.template(schoolId, input.card.seId) }),
  });
}

export function useMarkPrinted() {
  const { schoolId } = useCardContext();
  const written = useCardWritten();
  return useMutation({
    mutationFn: (templateId: string) => call(scanningCardsApi.markExamTemplatePrinted, { schoolId, templateId }),
    onSuccess: written,
  });
}

/** The two downloads, straight to the browser's save dialog. */
export function useCardDownloads() {
  const { schoolId } = useCardContext();
  return {
    blank: async (templateId: string) =>
      saveDownload(await callFile(scanningCardsApi.downloadBlankCard, { schoolId, templateId })),
    personalised: async (templateId: string) =>
      saveDownload(await callFile(scanningCardsApi.downloadPersonalisedCards, { schoolId, templateId })),
  };
}

export function useSignLink() {
  const { schoolId } = useCardContext();
  return useMutation({
    mutationFn: (templateId: string) => call(scanningCardsApi.signAnswerSheetLink, { schoolId, templateId }),
  });
}
