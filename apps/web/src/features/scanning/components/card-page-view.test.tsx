import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardPage } from '../card-types.ts';
import { CardPageView } from './card-page-view.tsx';

// An A4 page with one answer box, 40 mm tall, and the page's other regions left out.
const PAGE: CardPage = {
  number: 1,
  sheet: 1,
  side: 1,
  width: 210,
  height: 297,
  columns: [{ x: 20, y: 60, width: 170, height: 217 }],
  regions: [
    { kind: 'locator', rect: { x: 10, y: 10, width: 6, height: 6 } },
    {
      kind: 'answerBox',
      rect: { x: 20, y: 100, width: 170, height: 40 },
      boxId: 'Q13',
      part: 1,
      parts: 1,
      label: '13',
      questionNumbers: ['13'],
      fullMarks: 10,
      writable: { x: 23, y: 103, width: 164, height: 34 },
    },
  ],
};

afterEach(cleanup);

describe('card page view', () => {
  it('draws the box at its mm geometry and saves the dragged height on release', () => {
    const onResize = vi.fn();
    render(<CardPageView page={PAGE} boxHeights={{ Q13: 40 }} editable onResize={onResize} width={420} />);
    const frame = screen.getByTestId('box-Q13-1').querySelector('rect')!;
    expect(frame.getAttribute('y')).toBe('100');
    expect(frame.getAttribute('height')).toBe('40');

    // happy-dom lays nothing out, so the page is 1 px per mm: 25 px down is 25 mm taller.
    const handle = screen.getByRole('slider', { name: '13答题框高度' });
    fireEvent.pointerDown(handle, { clientY: 300, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientY: 325, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('65');
    expect(frame.getAttribute('height')).toBe('65');
    expect(onResize).not.toHaveBeenCalled();
    fireEvent.pointerUp(handle, { clientY: 325, pointerId: 1 });
    expect(onResize).toHaveBeenCalledWith('Q13', 65);
  });

  it('does not save a drag that ends where it started, and offers no handle when read-only', () => {
    const onResize = vi.fn();
    const { rerender } = render(
      <CardPageView page={PAGE} boxHeights={{ Q13: 40 }} editable onResize={onResize} width={420} />,
    );
    const handle = screen.getByRole('slider');
    fireEvent.pointerDown(handle, { clientY: 300, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientY: 300, pointerId: 1 });
    expect(onResize).not.toHaveBeenCalled();
    rerender(<CardPageView page={PAGE} boxHeights={{ Q13: 40 }} editable={false} onResize={onResize} width={420} />);
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('moves a height by keyboard in 5 mm steps and saves it on Enter', () => {
    const onResize = vi.fn();
    render(<CardPageView page={PAGE} boxHeights={{ Q13: 40 }} editable onResize={onResize} width={420} />);
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'ArrowDown' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(onResize).toHaveBeenCalledWith('Q13', 50);
  });
});
