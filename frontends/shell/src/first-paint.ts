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

/** The family the gateway sets the cover's text in (`services/gateway/src/first-paint.ts`). */
export const COVER_FONT_FAMILY = 'Manzil Cover';

/**
 * Resolves once the cover has been painted in its fonts, so the app's scripts run after the
 * page's first content is on screen, not before it (issue 10: on a phone, script that runs
 * before that paint holds it back, and Lighthouse counts its time in the largest contentful
 * paint). The scripts are requested then (`startPreloads`), not before: the cover's HTML, CSS and
 * fonts have the connection to themselves. Its fonts are loaded explicitly (a face only starts loading
 * once a layout needs it, perhaps after this script runs), and never waited for longer than
 * `fontTimeoutMs`; then it waits for the browser's first contentful paint (`paintTimeoutMs` at
 * most), or where that is not reported, one frame. Straight away when there is no cover.
 */
export function afterFirstPaint(
  doc: Document = document,
  fontTimeoutMs = 2_000,
  paintTimeoutMs = 1_000,
): Promise<void> {
  if (!doc.getElementById(FIRST_PAINT_ID)) return Promise.resolve();
  const faces = doc.fonts
    ? [...doc.fonts].filter((face) => face.family.replace(/["']/g, '') === COVER_FONT_FAMILY)
    : [];
  const fonts = Promise.all(faces.map((face) => face.load().catch(() => face)));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, fontTimeoutMs)));
  const view = doc.defaultView;
  return Promise.race([fonts, timeout]).then(
    () =>
      new Promise<void>((resolve) => {
        clearTimeout(timer);
        const Observer = view?.PerformanceObserver;
        const hidden = doc.visibilityState === 'hidden';
        if (!hidden && Observer?.supportedEntryTypes?.includes('paint')) {
          // The browser says when the first content is on screen (its first contentful paint:
          // the cover); at most `paintTimeoutMs` later in any case.
          // (the observer's callback runs in a later task, never during `observe`)
          const observer = new Observer((list) => {
            if (list.getEntriesByName('first-contentful-paint').length) done();
          });
          const cap = setTimeout(() => done(), paintTimeoutMs);
          function done() {
            observer.disconnect();
            clearTimeout(cap);
            resolve();
          }
          observer.observe({ type: 'paint', buffered: true });
          return;
        }
        // After the next frame is painted: its animation frame, then a task behind it.
        // (no frame comes in a hidden tab: then a short wait instead)
        if (view?.requestAnimationFrame) view.requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, 250);
      }),
  );
}

/** The template index.html lists the start's scripts in (`shell/startup-preload.cjs`). */
export const STARTUP_PRELOAD_ID = 'mz-startup-preload';

/**
 * Puts index.html's preloads of the start's scripts into the head, so they are all requested at
 * once (issue 10): called once the first content is painted. Each runs only once, when the
 * start imports it. Nothing without the template (the dev server's page).
 */
export function startPreloads(doc: Document = document): void {
  const template = doc.getElementById(STARTUP_PRELOAD_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  template.remove();
  doc.head.append(doc.importNode(template.content, true));
}
