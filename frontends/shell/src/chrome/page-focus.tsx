import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import type { Language } from '@manzil/contracts';
import { KEEP_LIVE_ATTRIBUTE, brandedTitle, focusStatic } from '@manzil/ui';

/** The shell's `<main>`, where the skip link lands and the route focus looks for the heading. */
export const MAIN_ID = 'main';

/** How long a page may take (a remote loading, its data arriving) before focus settles on <main>. */
export const HEADING_WAIT_MS = 4000;

/**
 * The first focusable element of every page: hidden until focused, then it jumps over the
 * header to the page's content.
 */
export function SkipLink() {
  const intl = useIntl();
  return (
    <a
      className="shell-skip-link"
      href={`#${MAIN_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        // Focus, not a hash change: the router would treat `#main` as a navigation.
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        if (main) focusStatic(main);
      }}
    >
      {intl.formatMessage({ id: 'shell.skipToContent' })}
    </a>
  );
}

/** The title index.html arrives with, before any page has set its own. */
const INITIAL_TITLE = typeof document === 'undefined' ? '' : document.title;

/**
 * After a page change (a new path, or the page re-rendered in the other language), focus the
 * new page's `<h1>` (`tabindex="-1"`, no ring) and announce `document.title`, as a full page
 * load would for a screen reader. The first page is left alone: there the skip link comes
 * first. A search-only change (a tab, a page number) keeps focus where the user is.
 *
 * A page that sets no title of its own (a "coming soon" page, a portal screen) would keep the
 * previous page's (WCAG 2.4.2): it is then named after its `<h1>`.
 *
 * `pageKey` is null while the shell shows a cover (session, messages): nothing to focus yet.
 */
export function useRouteFocus(pageKey: string | null, language: Language): string {
  const [announcement, setAnnouncement] = useState('');
  const settled = useRef<string | null>(null);
  const lastTitle = useRef(INITIAL_TITLE);
  useEffect(() => {
    if (pageKey === null || settled.current === pageKey) return undefined;
    const first = settled.current === null;
    settled.current = pageKey;
    const previousTitle = lastTitle.current;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = () => {
      const main = document.getElementById(MAIN_ID);
      const heading = main?.querySelector('h1');
      if (!heading && Date.now() - started < HEADING_WAIT_MS) {
        timer = setTimeout(settle, 50);
        return;
      }
      const headingText = heading?.textContent?.trim();
      if (headingText && document.title === previousTitle)
        document.title = brandedTitle(headingText, language);
      lastTitle.current = document.title;
      if (first) return;
      const target = heading ?? main;
      // Without scrolling: the scroll position is the scroll restoration's (Back returns to
      // where the reader was), and a heading is at the top of a new page anyway.
      if (target) focusStatic(target, { preventScroll: true });
      // Cleared first, so the same title twice in a row is still read.
      setAnnouncement('');
      timer = setTimeout(() => setAnnouncement(document.title), 100);
    };
    settle();
    return () => clearTimeout(timer);
  }, [pageKey, language]);
  return announcement;
}

/**
 * A polite live region for page changes, in <body> beside any dialog (kept out of its
 * `inert`). It mounts empty with the page and gets its text later: a region that appears
 * together with its text is often not read.
 */
export function RouteAnnouncer({ message }: { message: string }) {
  return createPortal(
    <div
      className="mz-visually-hidden"
      aria-live="polite"
      aria-atomic="true"
      data-testid="route-announcer"
      {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}
    >
      {message}
    </div>,
    document.body,
  );
}
