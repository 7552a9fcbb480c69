// The recognition worker (Piscina, started by recognition-pool.ts). The server runs TypeScript through tsx,
// and a worker thread does not inherit the main thread's loader, so it registers tsx itself first.
import { register } from 'tsx/esm/api';

register();

const sharp = (await import('sharp')).default;
// libvips' own threads would compete with the other recognition workers for the same cores.
sharp.concurrency(1);
const { recognisePage } = await import('./recognise-page.ts');

export default function recognise(input) {
  return recognisePage(input);
}
