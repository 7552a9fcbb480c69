// Leaving the sitting page (issue #18): switching tab or window fires both blur and
// visibilitychange (and on return focus and visibilitychange again), so the page is "away" from
// the first of them until it is visible and focused again; one leave is reported once. A leave
// within `quietMs` of the previous report (a flicker: a system dialog, a quick double switch) is not
// reported again.

export interface LeaveCounter {
  /** The window lost focus or the page was hidden. */
  left(): void;
  /** The window has focus and the page is visible again. */
  back(): void;
}

export function createLeaveCounter(report: () => void, quietMs = 1000, now: () => number = Date.now): LeaveCounter {
  let away = false;
  let lastReport = Number.NEGATIVE_INFINITY;
  return {
    left() {
      if (away) return;
      away = true;
      if (now() - lastReport < quietMs) return;
      lastReport = now();
      report();
    },
    back() {
      away = false;
    },
  };
}

/** Wires the counter to the window and document; returns the clean-up. */
export function watchLeaving(counter: LeaveCounter): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') counter.left();
    else if (document.hasFocus()) counter.back();
  };
  const onBlur = () => counter.left();
  const onFocus = () => {
    if (document.visibilityState === 'visible') counter.back();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('blur', onBlur);
  window.addEventListener('focus', onFocus);
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('blur', onBlur);
    window.removeEventListener('focus', onFocus);
  };
}
