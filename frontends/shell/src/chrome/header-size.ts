import { useLayoutEffect, type RefObject } from 'react';

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
