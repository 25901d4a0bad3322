import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

/**
 * The CSS variable the sticky parts of a page (listing tabs, profile tabs, the admin
 * navigation) use to sit below the sticky header instead of under it: its height in px,
 * kept current as the header wraps or the drawer button appears; 0 without a header.
 */
export const HEADER_BLOCK_SIZE_VAR = '--mz-header-block-size';

export function useHeaderBlockSize(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const publish = () =>
      root.style.setProperty(HEADER_BLOCK_SIZE_VAR, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    // A ResizeObserver reports the first size itself, after the browser's own layout and before
    // the paint; measuring here, in a layout effect, forced a layout of the whole first page
    // mid-script (≈ 0.15–0.25 s of a first load's script at 4× CPU, js-profile.ts).
    if (typeof ResizeObserver === 'undefined') {
      publish();
      return () => root.style.removeProperty(HEADER_BLOCK_SIZE_VAR);
    }
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_BLOCK_SIZE_VAR);
    };
  }, [header]);
}

/**
 * True while the header's full row (from xl) does not fit its links: the nav would cut the last
 * ones ("Admin co…" at 1280 px for an admin, a long menu from the server, a long name). The
 * header then keeps the menu button and the drawer, as below xl, instead of hiding links.
 * Measured in a ResizeObserver's callback (after the browser's layout, no forced one): the
 * width the row needed is kept, so the row comes back when the header grows past it. A new
 * `content` (the menu, the language, the session) measures afresh.
 */
export function useCrowdedHeader(
  inner: RefObject<HTMLElement | null>,
  nav: RefObject<HTMLElement | null>,
  content: string,
): boolean {
  // Only the answer is state: the header renders again when it changes, not with each size the
  // observer reports (a font arriving, a name, the bell: each had rendered the whole header).
  const [crowded, setCrowded] = useState(false);
  const needed = useRef(0);
  useLayoutEffect(() => {
    needed.current = 0;
    setCrowded(false);
  }, [content]);
  useLayoutEffect(() => {
    const row = inner.current;
    if (!row || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      const links = nav.current;
      // Hidden (below xl, or already crowded): nothing to measure, the width it needed stays.
      if (links && links.clientWidth > 0) {
        const short = links.scrollWidth - links.clientWidth;
        if (short > 1) needed.current = row.clientWidth + short;
      }
      setCrowded(needed.current > 0 && row.clientWidth < needed.current);
    });
    observer.observe(row);
    if (nav.current) observer.observe(nav.current);
    return () => observer.disconnect();
  }, [inner, nav, content, crowded]);
  return crowded;
}
