import { afterEach, describe, expect, it } from 'vitest';
import { appKey, DEV_APP_KEY } from './app-key.ts';

// The server writes its APP_KEY into the index.html it serves (platform/static-web.ts): one
// setting for both, no rebuild when it changes.
describe('the pre-login app key', () => {
  afterEach(() => {
    for (const meta of document.head.querySelectorAll('meta[name="app-key"]')) meta.remove();
  });

  it('is the key the server put in the page', () => {
    const meta = document.createElement('meta');
    meta.name = 'app-key';
    meta.content = 'ProductionKeyOfThisSchool0123456';
    document.head.append(meta);
    expect(appKey()).toBe('ProductionKeyOfThisSchool0123456');
  });

  it('is the development default on a page the server did not serve (the Vite dev server)', () => {
    expect(appKey()).toBe(DEV_APP_KEY);
  });
});
