/**
 * Focus helpers shared by the keyboard patterns (modal, disclosure, tabs, route change).
 * Plain DOM, so they behave the same in the browser and in jsdom (no layout needed).
 */

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** What Tab reaches inside `root`, in document order (hidden, inert and tabindex=-1 left out). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => {
    if (element.tabIndex < 0) return false;
    if (element.closest('[hidden], [inert]')) return false;
    const style = window.getComputedStyle(element);
    return style.display !== 'none' && style.visibility !== 'hidden';
  });
}

/** Whether the element, or the nearest ancestor that says, is right-to-left. */
export function isRtl(element: Element): boolean {
  return element.closest('[dir]')?.getAttribute('dir') === 'rtl';
}

/**
 * Focus an element that is not a control (a heading, `<main>`, a panel): it gets
 * `tabindex="-1"` so it can take focus without joining the Tab order.
 */
export function focusStatic(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus(options);
}
