import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from '@manzil/ui/router';

const STORAGE_KEY = 'manzil.scroll';
const KEPT_ENTRIES = 50;
/** How long a restore waits for the page to grow tall enough (a read still arriving). */
const RESTORE_MS = 3000;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, top: number) {
  const positions = readPositions();
  delete positions[key];
  positions[key] = top;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT_ENTRIES))) delete positions[old];
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // A full or refused storage only costs the position after a reload.
  }
}

/** Scrolls to `top` as soon as the page is tall enough; gives up when the visitor scrolls or presses. */
function restore(top: number): () => void {
  const started = performance.now();
  let frame = 0;
  let stopped = false;
  const stop = () => {
    stopped = true;
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      window.removeEventListener(type, stop);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { passive: true });
  const attempt = () => {
    if (stopped) return;
    const reachable = document.documentElement.scrollHeight - window.innerHeight >= top;
    window.scrollTo(0, top);
    if (reachable || performance.now() - started > RESTORE_MS) stop();
    else frame = requestAnimationFrame(attempt);
  };
  attempt();
  return stop;
}

/**
 * The browser's scroll restoration for an app that renders its pages itself: a page reached
 * by a link starts at the top; Back and Forward return to where the visitor was on that
 * entry (kept per history entry, also over a reload). With the query cache the results are
 * on screen at once, so the position is reached in the same frame; a page still loading is
 * waited for a moment.
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Where the visitor is on this entry, kept as they scroll. A layout effect, so the listener
  // follows the new entry before the scroll below fires (a passive one would record the new
  // page's top under the old entry).
  useLayoutEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => savePosition(key, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [key]);

  // Before paint: the top for a new page, the kept position for Back/Forward.
  useLayoutEffect(() => {
    if (navigationType === 'POP') {
      const top = readPositions()[key];
      return top === undefined ? undefined : restore(top);
    }
    if (navigationType === 'PUSH' && !hash) window.scrollTo(0, 0);
    return undefined;
  }, [key, hash, navigationType]);
}
