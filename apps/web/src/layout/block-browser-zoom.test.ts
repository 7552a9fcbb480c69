import { afterEach, describe, expect, it } from 'vitest';
import { installZoomBlock } from './block-browser-zoom.ts';

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

function wheel(init: { ctrlKey?: boolean; metaKey?: boolean }): boolean {
  const event = new WheelEvent('wheel', { cancelable: true, deltaY: -100 });
  // happy-dom's WheelEvent ignores the modifier keys of its init dictionary; browsers honour them.
  Object.defineProperty(event, 'ctrlKey', { value: init.ctrlKey ?? false });
  Object.defineProperty(event, 'metaKey', { value: init.metaKey ?? false });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

function key(init: KeyboardEventInit): boolean {
  const event = new KeyboardEvent('keydown', { cancelable: true, ...init });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('browser zoom block (spec §2)', () => {
  it('blocks ctrl or meta plus wheel and the zoom keys, and nothing else', () => {
    uninstall = installZoomBlock(window);
    expect(wheel({ ctrlKey: true })).toBe(true);
    expect(wheel({ metaKey: true })).toBe(true);
    expect(wheel({})).toBe(false);
    expect(key({ key: '+', ctrlKey: true })).toBe(true);
    expect(key({ key: '-', metaKey: true })).toBe(true);
    expect(key({ key: '=', ctrlKey: true })).toBe(true);
    expect(key({ key: 'c', ctrlKey: true })).toBe(false);
    expect(key({ key: '+' })).toBe(false);
  });

  it('stops blocking once uninstalled', () => {
    installZoomBlock(window)();
    expect(wheel({ ctrlKey: true })).toBe(false);
  });
});
