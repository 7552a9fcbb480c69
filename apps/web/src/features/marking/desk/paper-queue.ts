import { type LeasedPaper, markingApi, markingDeskApi, splitAnswerPhotos } from '@huikao/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../lib/api-client.ts';

// The desk's paper queue (marking.md "Each marker's desk holds its current paper and prefetches
// the next two images"; issue #17: the next paper on screen in under 150 ms after Enter). The
// server's examMark/claimQueue holds the leases; here each paper's crop is fetched into memory and
// decoded as soon as it is leased, Enter shows the next one at once, and the submission goes on in
// the background. A refused submission stays on the desk until the marker has seen it.

/** claimQueue renews every held lease (10 minutes) and tops the queue up: the desk calls it this often. */
export const RENEW_MS = 3 * 60_000;

/** The paper on screen: its lease, its crop (an in-memory URL when prefetched) and when it appeared. */
export interface Held {
  paper: LeasedPaper;
  url: string | null;
  photos: string[];
  shownAt: number;
}

/** A submission the server refused (or that never reached it): shown until dismissed, retryable. */
export interface Refused {
  paper: LeasedPaper;
  message: string;
  retry: () => void;
}

interface Image {
  url: string | null;
  photos: string[];
  objectUrl: string | null;
}

interface Entry {
  paper: LeasedPaper;
  image: Promise<Image>;
  ready: Image | null;
}

const NO_IMAGE: Image = { url: null, photos: [], objectUrl: null };

/** Fetches the crop through its signed URL (valid 2 minutes) into memory and decodes it. */
async function prepare(blockId: string, paper: LeasedPaper): Promise<Image> {
  const hasPhotos = splitAnswerPhotos(paper.text ?? '').photos.length > 0;
  if (!paper.imageKey && !hasPhotos) return NO_IMAGE;
  // A paper whose image cannot be had is still shown (and can be flagged 图像不清).
  const signed = await call(
    markingDeskApi.paperImage,
    { blockId, paperId: paper.paperId, token: paper.token },
    { silent: true },
  ).catch(() => null);
  if (!signed) return NO_IMAGE;
  for (const photo of signed.photos) new window.Image().src = photo;
  if (!signed.url) return { ...NO_IMAGE, photos: signed.photos };
  try {
    const response = await fetch(signed.url);
    if (!response.ok) throw new Error(String(response.status));
    const objectUrl = URL.createObjectURL(await response.blob());
    const image = new window.Image();
    image.src = objectUrl;
    await image.decode().catch(() => undefined);
    return { url: objectUrl, photos: signed.photos, objectUrl };
  } catch {
    return { url: signed.url, photos: signed.photos, objectUrl: null };
  }
}

const forget = (entry: Entry | null) => {
  if (!entry) return;
  void entry.image.then((image) => {
    if (image.objectUrl) URL.revokeObjectURL(image.objectUrl);
  });
};

/** Marks a paper on screen (decoded and painted): the bench reads these marks. */
export function markShown(paperId: string) {
  performance.mark('desk:shown', { detail: { paperId } });
  document.documentElement.dataset.deskShown = paperId;
}

export function usePaperQueue(blockId: string) {
  // undefined: fetching; null: nothing left for this marker.
  const [current, setCurrent] = useState<Held | null | undefined>(undefined);
  const [refused, setRefused] = useState<Refused[]>([]);
  const refusedNow = useRef(refused);
  refusedNow.current = refused;
  const shown = useRef<Entry | null>(null);
  const ahead = useRef<Entry[]>([]);
  // Leases (by token) this desk has submitted or flagged: a top-up answered before the submission
  // landed still lists them, and they must never come back. By token, not paper: a 回评抽检 item
  // brings back a paper this marker marked earlier, under a token of its own.
  const gone = useRef(new Set<string>());
  const topping = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const show = useCallback((entry: Entry | null, empty: null | undefined) => {
    shown.current = entry;
    if (!entry) {
      setCurrent(empty);
      return;
    }
    const put = (image: Image) => {
      if (shown.current === entry) setCurrent({ paper: entry.paper, ...image, shownAt: Date.now() });
    };
    if (entry.ready) put(entry.ready);
    else {
      setCurrent(undefined);
      void entry.image.then(put);
    }
  }, []);

  const entryOf = useCallback(
    (paper: LeasedPaper): Entry => {
      const entry: Entry = { paper, image: prepare(blockId, paper), ready: null };
      void entry.image.then((image) => {
        entry.ready = image;
      });
      return entry;
    },
    [blockId],
  );

  /** The server's list is the truth of what is held: a prefetched paper it no longer lists expired. */
  const merge = useCallback(
    (papers: LeasedPaper[]) => {
      const live = papers.filter((p) => !gone.current.has(String(p.token)));
      const liveIds = new Set(live.map((p) => p.paperId));
      const kept: Entry[] = [];
      for (const entry of ahead.current) {
        if (liveIds.has(entry.paper.paperId)) kept.push(entry);
        else forget(entry);
      }
      const known = new Set([shown.current?.paper.paperId, ...kept.map((e) => e.paper.paperId)]);
      for (const paper of live) if (!known.has(paper.paperId)) kept.push(entryOf(paper));
      ahead.current = kept;
      if (!shown.current) show(ahead.current.shift() ?? null, null);
    },
    [entryOf, show],
  );

  /** One claimQueue at a time (an older answer must not undo a newer one); asked again meanwhile, once more after. */
  const topUp = useCallback(
    (silent = false): Promise<void> => {
      if (topping.current) {
        again.current = true;
        return topping.current;
      }
      const run = async () => {
        do {
          again.current = false;
          merge(await call(markingApi.claimQueue, { blockId }, { silent }));
        } while (again.current);
      };
      topping.current = run()
        .catch(() => {
          if (!shown.current) setCurrent(null);
        })
        .finally(() => {
          topping.current = null;
        });
      return topping.current;
    },
    [blockId, merge],
  );

  /**
   * Enter: the next prefetched paper goes on screen at once; `send` (the submission or flag of the
   * paper left) runs in the background, then the queue is topped up.
   */
  const advance = useCallback(
    (send: (paper: LeasedPaper) => Promise<unknown>) => {
      const entry = shown.current;
      if (!entry) return;
      performance.mark('desk:enter', { detail: { paperId: entry.paper.paperId } });
      gone.current.add(String(entry.paper.token));
      show(ahead.current.shift() ?? null, undefined);
      forget(entry);
      const attempt = () =>
        send(entry.paper).then(
          () => setRefused((list) => list.filter((r) => r.paper.paperId !== entry.paper.paperId)),
          (error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            setRefused((list) => [
              ...list.filter((r) => r.paper.paperId !== entry.paper.paperId),
              { paper: entry.paper, message, retry: () => void attempt() },
            ]);
          },
        );
      void attempt().finally(() => void topUp());
    },
    [show, topUp],
  );

  /**
   * The marker gives up on a refused submission: its lease (if it still exists, e.g. the network
   * failed) is given back, or claimQueue would keep renewing a paper the desk will never show.
   */
  const dismiss = useCallback(
    (paperId: string) => {
      const given = refusedNow.current.find((r) => r.paper.paperId === paperId);
      if (given) {
        const { token } = given.paper;
        void call(markingApi.release, { blockId, paperId, token }, { silent: true }).catch(() => undefined);
      }
      setRefused((list) => list.filter((r) => r.paper.paperId !== paperId));
    },
    [blockId],
  );

  // A new 题块: start afresh; renew (and top up) while open; give every held paper back on leave.
  useEffect(() => {
    shown.current = null;
    ahead.current = [];
    gone.current = new Set();
    setCurrent(undefined);
    setRefused([]);
    if (!blockId) return;
    void topUp();
    const timer = setInterval(() => void topUp(true), RENEW_MS);
    return () => {
      clearInterval(timer);
      const held = [shown.current, ...ahead.current].filter((e): e is Entry => e !== null);
      for (const entry of held) {
        forget(entry);
        const { paperId, token } = entry.paper;
        void call(markingApi.release, { blockId, paperId, token }, { silent: true });
      }
      shown.current = null;
      ahead.current = [];
    };
  }, [blockId, topUp]);

  return { current, refused, advance, dismiss };
}
