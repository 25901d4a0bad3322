import { useCallback, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure (WAI-ARIA APG "Disclosure"): a button with `aria-expanded` that shows a list
 * of ordinary links and buttons, reached with Tab. Chosen over the ARIA menu pattern for the
 * header's small lists (account, country): a menu promises arrow keys, typeahead and an
 * application mode that a list of three links does not need. Escape closes it and gives focus
 * back to the button; so does a pointer press or a focus move outside it.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  /** Close; `returnFocus` puts focus back on the button (Escape, or an item that stays on the page). */
  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    const container = root.current;
    const onPointer = (event: PointerEvent) => {
      if (!container?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !container?.contains(document.activeElement)) return;
      event.preventDefault();
      close(true);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !container?.contains(next)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    container?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      container?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, close]);

  return {
    open,
    close,
    rootRef: root,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      // Only while the list exists: a reference to a missing element is an error.
      'aria-controls': open ? panelId : undefined,
      onClick: () => setOpen((shown) => !shown),
    },
    /** Spread on the list, rendered only while `open`. */
    panelProps: { id: panelId },
  };
}
