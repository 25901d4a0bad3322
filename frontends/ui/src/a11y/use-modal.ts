import { useEffect, useRef, type RefObject } from 'react';
import { focusStatic, tabbables } from './focus.js';

/**
 * Elements outside every modal that must stay alive while one is open: the toast region and
 * the shell's announcer (an inert live region is silent). Rendered straight into <body>.
 */
export const KEEP_LIVE_ATTRIBUTE = 'data-mz-live';

/** Open modals, newest last: only the top one answers keys and holds focus. */
const stack: HTMLElement[] = [];

export interface ModalOptions {
  onClose: () => void;
  /** Where focus starts; otherwise `[data-autofocus]`, the first tabbable element, or the panel. */
  initialFocus?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog's keyboard contract (WAI-ARIA APG "Dialog (Modal)"): focus moves in on open;
 * Tab and Shift+Tab wrap inside; Escape closes; everything else on the page is `inert` (no
 * focus, no clicks, hidden from screen readers); on close, focus returns to the element that
 * opened it, unless something else took focus meanwhile (a route change). The panel must be
 * rendered in a direct child of <body> (a portal), so "everything else" is its siblings.
 */
export function useModal(panel: RefObject<HTMLElement | null>, { onClose, initialFocus }: ModalOptions) {
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const root = panel.current;
    if (!root) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const host = [...document.body.children].find((child) => child.contains(root));
    const silenced = [...document.body.children].filter(
      (child) => child !== host && !child.hasAttribute('inert') && !child.hasAttribute(KEEP_LIVE_ATTRIBUTE),
    );
    for (const child of silenced) child.setAttribute('inert', '');
    stack.push(root);

    const start =
      initialFocus?.current ?? root.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(root)[0];
    if (start) start.focus();
    else focusStatic(root);

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack.at(-1) !== root) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = tabbables(root);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      const inside = current instanceof HTMLElement && items.includes(current);
      if (event.shiftKey && (current === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that lands outside (a script, a click on a kept live region) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      if (stack.at(-1) !== root || !(event.target instanceof Node) || root.contains(event.target)) return;
      (tabbables(root)[0] ?? root).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(root), 1);
      for (const child of silenced) child.removeAttribute('inert');
      const active = document.activeElement;
      const focusLost = !active || active === document.body || root.contains(active);
      if (focusLost && opener?.isConnected) opener.focus();
    };
    // Opening is the mount: the panel and the start element are read once.
  }, []);
}
