import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStorage } from '../../../platform/storage.ts';
import { actorOf, blockOfNewPapers, makeUsers, setUpMarking } from '../../../test/marking-fixture.ts';
import { createDispatchService } from '../dispatch/dispatch-service.ts';
import { createPaperImageService } from './paper-image.ts';

// The desk's crop image (issue #17 permissions): only the live lease holder with its token, a
// marker who marked the paper, or a 题组长 gets a signed URL; another marker, a stale token or
// someone off the 题块 is refused. Runs on PGlite, and PostgreSQL with TEST_DATABASE_URL.

let s: Awaited<ReturnType<typeof setUpMarking>>;
beforeAll(async () => {
  s = await setUpMarking();
}, 60_000);
afterAll(() => s.t.close());

// Storage here only signs; what is tested is who gets a URL at all.
const storage = { signedUrl: async (key: string) => `/signed/${key}` } as unknown as FileStorage;

async function setUp() {
  const [a, b, leader, stranger] = await makeUsers(s.db, s.school.id, 4);
  const { block, examStudentIds: ids } = await blockOfNewPapers(s, 3, {
    mode: 'single',
    tolerance: 3,
    markers: [{ userId: a!.id }, { userId: b!.id }, { userId: leader!.id, leader: true }],
  });
  return { block, a: actorOf(a!), b: actorOf(b!), leader: actorOf(leader!), stranger: actorOf(stranger!) };
}

describe('examMark/paperImage', () => {
  it('gives the holder a signed URL and refuses another marker, a wrong token and a stranger', async () => {
    const { block, a, b, leader, stranger } = await setUp();
    const images = createPaperImageService(s.db, storage);
    const paper = (await createDispatchService(s.db).claim(a, block.id))!;
    const ask = { blockId: block.id, paperId: Number(paper.paperId), token: Number(paper.token) };
    const answer = await images.paperImage(a, ask);
    expect(answer.url).toBe(`/signed/${paper.imageKey}`);
    await expect(images.paperImage(a, { ...ask, token: ask.token + 1000 })).rejects.toMatchObject({ status: 403 });
    await expect(images.paperImage(a, { blockId: ask.blockId, paperId: ask.paperId })).rejects.toMatchObject({
      status: 403,
    });
    await expect(images.paperImage(b, ask)).rejects.toMatchObject({ status: 403 });
    await expect(images.paperImage(stranger, ask)).rejects.toMatchObject({ status: 403 });
    expect((await images.paperImage(leader, { blockId: ask.blockId, paperId: ask.paperId })).url).toContain('/signed/');
  });

  it('lets the marker see a paper they marked (回评), and refuses a paper of another 题块', async () => {
    const { block, a } = await setUp();
    const other = await setUp();
    const images = createPaperImageService(s.db, storage);
    const dispatch = createDispatchService(s.db);
    const paper = (await dispatch.claim(a, block.id))!;
    await dispatch.submit(a, {
      blockId: block.id,
      paperId: Number(paper.paperId),
      token: Number(paper.token),
      scores: { [String(s.question.id)]: 3 },
      seconds: 2,
    });
    expect((await images.paperImage(a, { blockId: block.id, paperId: Number(paper.paperId) })).url).toContain(
      '/signed/',
    );
    await expect(
      images.paperImage(a, { blockId: other.block.id, paperId: Number(paper.paperId) }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
