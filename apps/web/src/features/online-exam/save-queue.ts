// The sitting's answers on their way to the server (issue #18): every change gets the next
// version of its question and waits here, in localStorage, until the server has it. A reload, a
// closed tab or a dropped network loses nothing: the queue is read back and sent again, and the
// server keeps only the highest version of each answer, so resending an old save is harmless.

export interface QueuedAnswer {
  questionId: string;
  answer: string;
  flagged: boolean;
  version: number;
}

export type SendAnswer = (entry: QueuedAnswer) => Promise<{ version: number }>;

export interface SaveQueue {
  /** Records a change (answer or flag) with the question's next version and schedules a send. */
  change(questionId: string, answer: string, flagged: boolean): QueuedAnswer;
  /** Sends what waits now (before submission, on `online`). Resolves when nothing waits or a send failed. */
  flush(): Promise<boolean>;
  pending(): QueuedAnswer[];
  /** Versions known from the server's copy, so the next change goes above them. */
  know(versions: Record<string, number>): void;
  dispose(): void;
}

export function createSaveQueue(
  storageKey: string,
  send: SendAnswer,
  options: { debounceMs?: number; retryMs?: number; onState?: (waiting: number, failing: boolean) => void } = {},
): SaveQueue {
  const debounceMs = options.debounceMs ?? 500;
  const retryMs = options.retryMs ?? 3000;
  const read = (): Record<string, QueuedAnswer> => {
    try {
      return JSON.parse(localStorage.getItem(storageKey) ?? '{}') as Record<string, QueuedAnswer>;
    } catch {
      return {};
    }
  };
  const waiting = read();
  const versions: Record<string, number> = {};
  for (const entry of Object.values(waiting)) versions[entry.questionId] = entry.version;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sending: Promise<boolean> | null = null;
  let failing = false;

  const persist = () => {
    if (Object.keys(waiting).length === 0) localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, JSON.stringify(waiting));
    options.onState?.(Object.keys(waiting).length, failing);
  };
  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, ms);
  };

  async function sendAll(): Promise<boolean> {
    for (const entry of Object.values(waiting)) {
      try {
        const saved = await send(entry);
        versions[entry.questionId] = Math.max(versions[entry.questionId] ?? 0, saved.version);
        // A newer change made while this one travelled stays queued.
        if (waiting[entry.questionId]?.version === entry.version) delete waiting[entry.questionId];
        failing = false;
      } catch {
        failing = true;
        persist();
        schedule(retryMs);
        return false;
      }
    }
    persist();
    return true;
  }

  async function flush(): Promise<boolean> {
    while (sending) await sending;
    if (Object.keys(waiting).length === 0) return true;
    sending = sendAll();
    try {
      const ok = await sending;
      if (ok && Object.keys(waiting).length > 0) return flush();
      return ok;
    } finally {
      sending = null;
    }
  }

  const onOnline = () => void flush();
  window.addEventListener('online', onOnline);
  if (Object.keys(waiting).length > 0) schedule(0);

  return {
    change(questionId, answer, flagged) {
      const version = (versions[questionId] ?? 0) + 1;
      versions[questionId] = version;
      const entry = { questionId, answer, flagged, version };
      waiting[questionId] = entry;
      persist();
      schedule(debounceMs);
      return entry;
    },
    flush,
    pending: () => Object.values(waiting),
    know(known) {
      for (const [id, v] of Object.entries(known)) versions[id] = Math.max(versions[id] ?? 0, v);
    },
    dispose() {
      if (timer) clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    },
  };
}
