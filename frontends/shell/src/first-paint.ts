/**
 * The page's first content (header and heading, in the page's language) arrives in the HTML the
 * gateway serves (`services/gateway/src/first-paint.ts`), as a cover over `#root`, so the first
 * paint waits for no script. The app renders beneath it; the cover goes in one step once the
 * page has left its covers and loading placeholders (a remote or a lazy page still coming),
 * whatever it then shows (the page, an error fallback, a redirect's target), so nothing flashes
 * blank or shifts on the way. A page that never settles loses it after `timeoutMs` anyway.
 */
export const FIRST_PAINT_ID = 'mz-first-paint';

/** What a page shows while it is not ready yet (the weight bench waits for the same). */
export const LOADING_SELECTOR = [
  '[data-testid="session-cover"]',
  '[data-testid="language-cover"]',
  '[data-testid="remote-loading"]',
  '[data-testid="page-loading"]',
].join(', ');

export function releaseFirstPaint(doc: Document = document, timeoutMs = 15_000): void {
  const cover = doc.getElementById(FIRST_PAINT_ID);
  const root = doc.getElementById('root');
  if (!cover || !root) return;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    observer.disconnect();
    clearTimeout(timer);
    cover.remove();
  };
  const observer = new MutationObserver(() => {
    if (root.firstElementChild && !root.querySelector(LOADING_SELECTOR)) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, timeoutMs);
}
