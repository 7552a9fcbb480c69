import { splitAnswerPhotos } from '@huikao/contracts';
import type { Actor } from '../../../platform/auth-context.ts';
import type { Db } from '../../../platform/db.ts';
import { forbidden, notFound } from '../../../platform/errors.ts';
import type { FileStorage } from '../../../platform/storage.ts';
import * as dispatchRepo from '../dispatch/dispatch-repo.ts';
import { type Clock, systemClock } from '../dispatch/dispatch-service.ts';
import { createQualityService } from '../quality/quality-service.ts';

// The crop image of a paper for the desk (marking.md "The marking desk"): a short-lived signed URL,
// given only to the holder of a live lease with its token, to a marker who marked the paper (回评),
// to the holder of a quality item (回评抽检, 标准卷) or to a 题组长 of the 题块 (问题卷, 三评, 仲裁). Anyone else is refused; the URL expires in 2 minutes.

export const IMAGE_URL_SECONDS = 120;

export function createPaperImageService(db: Db, storage: FileStorage | undefined, clock: Clock = systemClock) {
  const quality = createQualityService(db);
  return {
    async paperImage(actor: Actor, p: { blockId: number; paperId: number; token?: number }) {
      const paper = await dispatchRepo.paperById(db, p.paperId);
      if (!paper || paper.blockId !== p.blockId) throw notFound('试卷不存在');
      const marker = await dispatchRepo.markerOf(db, p.blockId, actor.userId);
      if (!marker) throw forbidden('您不是该题块的阅卷教师');
      if (!marker.leader) {
        const lease = await dispatchRepo.leaseOf(db, paper.id, actor.userId);
        const leased = lease !== undefined && lease.id === p.token && lease.expiresAt > clock.now();
        const marked = !leased && (await dispatchRepo.marksOf(db, paper.id)).some((m) => m.markerId === actor.userId);
        // A 回评抽检 or 标准卷 item (quality/) is held like a lease, by its own token.
        const held =
          !leased && !marked && (await quality.holds(actor, { paperId: paper.id, token: p.token }, clock.now()));
        if (!leased && !marked && !held) throw forbidden('该试卷不在您的领取中，不能查看');
      }
      // An online answer's photos (issue #18) ride in its text as keys; they are signed like the crop.
      const photoKeys = splitAnswerPhotos(paper.answerText ?? '').photos;
      const photos: string[] = [];
      if (storage) {
        for (const key of photoKeys) {
          const signed = await storage.signedUrl(key, IMAGE_URL_SECONDS).catch(() => null);
          if (signed !== null) photos.push(signed);
        }
      }
      if (!paper.imageKey || !storage) return { url: null, photos };
      // A key the store refuses (not one it made) is a missing image, never a 500.
      const url = await storage.signedUrl(paper.imageKey, IMAGE_URL_SECONDS).catch(() => null);
      if (url === null) throw notFound('该试卷的图像不存在');
      return { url, photos };
    },
  };
}
