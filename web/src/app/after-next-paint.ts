import { startTransition, useEffect, useState } from 'react';

/** Longest wait for a frame: a hidden page draws none, and what waits must still happen. */
const NO_FRAME_MS = 100;

/**
 * Resolves once the browser has painted the next frame (a task after its animation frame), so
 * work started then cannot delay the paint that answers a tap. In a hidden page (no frames) a
 * moment later.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, NO_FRAME_MS);
  });
}

/**
 * `value`, a frame behind: what a tap changed in it reaches the caller after the tap's own
 * answer is painted, in a transition (rendered in slices React can interrupt, never showing a
 * Suspense fallback again). Unlike `useDeferredValue`, whose background render may start
 * before the browser paints and hold that paint, it waits for the frame.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let current = true;
    void afterNextPaint().then(() => {
      if (current) startTransition(() => setShown(() => value));
    });
    return () => {
      current = false;
    };
  }, [value, shown]);
  return shown;
}
